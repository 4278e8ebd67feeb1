import Logging
import NIOCore
import NIOPosix
import NarratorSystem
import NarratorWire

/// The Wine door (`narrator serve --wine`, the settings file's `wine on`): where Windows games under
/// Wine reach the narrator through its NVDA controller client DLL (clients/wine, docs/WINE.md).
///
/// Wine 8 gives Windows code no Unix sockets, so the door is a TCP port on loopback, chosen by the
/// system at every start. Any local user can connect to a loopback port; only the user's own
/// processes can read the door file, which holds the port and a new secret (`DoorSecret`), and a
/// connection that does not send that secret first is refused (`DoorSecretHandler`). Past the
/// secret it is the narrator's own protocol, served like the Unix socket's (`Door.wine`).
public struct WineListener: Sendable {
    /// The door file: `wine-door` in the daemon's socket folder (0700).
    public var doorFile: String

    /// The door of a daemon whose socket is `socketPath`.
    public init(socketPath: String) {
        let folder = socketPath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        doorFile = (folder.isEmpty ? "." : folder) + "/" + WineDoorLine.fileName
    }

    /// Listens on 127.0.0.1 and writes the door file; the caller removes it (`close`) at the end.
    func listen(conductor: ConductorShell, logger: Logger, open: OpenConnections, lineLimit: Int) async throws
        -> NIOAsyncChannel<any Channel, Never>
    {
        let secret = DoorSecret()
        let serve = Door.wine(secret: secret, lineLimit: lineLimit).serve(
            conductor: conductor, open: open, logger: logger)
        let server: NIOAsyncChannel<any Channel, Never> = try await ServerBootstrap(group: conductor.eventLoop)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(host: "127.0.0.1", port: 0, childChannelInitializer: serve)
        guard let port = server.channel.localAddress?.port else {
            try? await server.channel.close()
            throw ServerError("The Wine door's port could not be read after binding 127.0.0.1.")
        }
        do throws(PrivateFileError) {
            try PrivateFile.write(WineDoorLine(port: port, secret: secret.hex).text, to: doorFile)
        } catch {
            try? await server.channel.close()
            throw ServerError("The Wine door could not be opened: \(error).")
        }
        logger.info("Listening for Windows games under Wine on 127.0.0.1:\(port) (door file \(doorFile))")
        return server
    }

    /// Removes the door file: no game finds a door that is closed.
    func close() {
        PrivateFile.remove(doorFile)
    }
}
