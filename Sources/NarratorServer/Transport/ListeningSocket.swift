import Logging
import NIOCore
import NIOPosix

/// One listening Unix socket of the daemon (the main one, and SSIP's with `--ssip`), served the one
/// way every door is (`Door.serve`): on the conductor's event loop, each connection allowed to
/// half-close (a client that ends its input is still answered), its handlers added as it is
/// accepted and the connection kept in `OpenConnections` so a stop can close it. The socket is the one systemd passed, or `path`
/// made ready (`prepare`: its folder checked, a dead socket cleared) and bound as 0600.
struct ListeningSocket {
    /// Where to listen, unless `inherited` is given.
    var path: String
    /// The socket systemd passed: served as it is, and left in place at the end, since it is systemd's.
    var inherited: InheritedSocket?
    /// What listens, for the log: "" for the main socket, " for SSIP" for the other.
    var what: String

    /// The path served: the inherited socket's, else `path`.
    var servedPath: String { inherited?.path ?? path }

    /// Binds (or takes) the socket; each accepted connection is built as `door` says, on the
    /// conductor's loop. `prepare` runs before binding a path, never for an inherited socket.
    func listen(
        door: Door, conductor: ConductorShell, open: OpenConnections, logger: Logger, prepare: () throws -> Void
    ) async throws -> NIOAsyncChannel<any Channel, Never> {
        let bootstrap = ServerBootstrap(group: conductor.eventLoop)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
        let serve = door.serve(conductor: conductor, open: open, logger: logger)
        if let inherited {
            let server = try await bootstrap.bind(inherited.descriptor, childChannelInitializer: serve)
            logger.info("Listening\(what) on \(inherited.path), the socket systemd passed")
            return server
        }
        let path = path
        try prepare()
        let server = try await SocketPath.bindPrivately(path) {
            try await bootstrap.bind(unixDomainSocketPath: path, childChannelInitializer: serve)
        }
        logger.info("Listening\(what)", metadata: ["socket": "\(path)"])
        return server
    }
}
