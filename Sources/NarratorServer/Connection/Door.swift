import Logging
import NIOCore
import NarratorSystem
import NarratorWire

/// A way into the daemon: how a connection of its kind is built. Every door shares the backlog and
/// the session's life (`SessionHandler`); a door adds only how its clients are let in, its codec and
/// its session. docs/SERVER.md, "Connections".
///
/// | door | let in by | framing and codec | session |
/// |---|---|---|---|
/// | `json` | `PeerCheckHandler` | `LineFramingHandler`, `JSONCodecHandler` | `JSONSession` |
/// | `ssip` | `PeerCheckHandler` | `SSIPFramingHandler` | `SSIPSession` |
/// | `wine` | `DoorSecretHandler` | `LineFramingHandler`, `JSONCodecHandler` | `JSONSession` |
enum Door: Sendable {
    /// The narrator's own protocol on its Unix socket; lines of at most `lineLimit` bytes.
    case json(lineLimit: Int)
    /// speech-dispatcher's protocol on the SSIP socket.
    case ssip(voices: [SSIPVoice])
    /// The narrator's own protocol on the loopback port of Windows games under Wine, for clients
    /// that first send the door's secret. docs/WINE.md.
    case wine(secret: DoorSecret, lineLimit: Int)

    /// Adds the connection's handlers, in order from the socket. `credentials` reads the peer of a
    /// Unix socket (tests in memory give their own).
    func install(
        on channel: any Channel, conductor: ConductorShell, logger: Logger,
        credentials: @escaping (any Channel) -> PeerCredentials? = PeerCredentials.of
    ) throws {
        let pipeline = channel.pipeline.syncOperations
        switch self {
        case .json(let lineLimit):
            try pipeline.addHandler(
                PeerCheckHandler(refusal: Self.refusal, who: "a client", logger: logger, credentials: credentials))
            try pipeline.addHandler(BacklogHandler(logger: logger, dropping: Self.dropping))
            try pipeline.addHandler(LineFramingHandler(limit: lineLimit))
            try pipeline.addHandler(JSONCodecHandler())
            try pipeline.addHandler(SessionHandler(conductor: conductor, logger: logger) { _ in JSONSession() })
        case .ssip(let voices):
            try pipeline.addHandler(
                PeerCheckHandler(
                    refusal: SSIPSession.refusal, who: "an SSIP client", logger: logger, credentials: credentials))
            try pipeline.addHandler(
                BacklogHandler(
                    logger: logger, dropping: "An SSIP client does not read what it is sent; dropping its events"))
            try pipeline.addHandler(SSIPFramingHandler())
            try pipeline.addHandler(
                SessionHandler(conductor: conductor, logger: logger) { SSIPSession(client: $0, voices: voices) })
        case .wine(let secret, let lineLimit):
            try pipeline.addHandler(DoorSecretHandler(secret: secret, logger: logger))
            try pipeline.addHandler(BacklogHandler(logger: logger, dropping: Self.dropping))
            try pipeline.addHandler(LineFramingHandler(limit: lineLimit))
            try pipeline.addHandler(JSONCodecHandler())
            try pipeline.addHandler(SessionHandler(conductor: conductor, logger: logger) { _ in JSONSession() })
        }
    }

    /// What a listener does with each connection it accepts: builds it, and keeps it in `open` so a
    /// stop can close it.
    func serve(conductor: ConductorShell, open: OpenConnections, logger: Logger)
        -> @Sendable (any Channel) -> EventLoopFuture<any Channel>
    {
        { channel in
            channel.eventLoop.makeCompletedFuture { () -> any Channel in
                try install(on: channel, conductor: conductor, logger: logger)
                open.insert(channel)
                return channel
            }
        }
    }

    /// What a client that may not come in reads, in the narrator's own protocol.
    static var refusal: String {
        let user = ProcessIdentity.userID
        return ProtocolError(.notAllowed, "this narrator belongs to user \(user); connect to your own narrator")
            .replyLine + "\n"
    }

    static let dropping: Logger.Message = "A client does not read what it is sent; dropping its notifications"
}
