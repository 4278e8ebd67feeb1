import Logging
import NIOCore
import NarratorSystem

/// The first handler of a Unix-socket connection: only a process of the daemon's own user gets
/// past it (SO_PEERCRED). Another user's connection is told why in its door's words and closed;
/// nothing it sends reaches the session, which never starts.
final class PeerCheckHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// What a refused client reads, in its protocol.
    private let refusal: String
    /// What the log calls a client of this door ("a client", "an SSIP client").
    private let who: String
    private let logger: Logger
    /// Who is on the other end; tests in memory give their own.
    private let credentials: (any Channel) -> PeerCredentials?

    init(
        refusal: String, who: String, logger: Logger,
        credentials: @escaping (any Channel) -> PeerCredentials? = PeerCredentials.of
    ) {
        self.refusal = refusal
        self.who = who
        self.logger = logger
        self.credentials = credentials
    }

    func channelActive(context: ChannelHandlerContext) {
        let peer = credentials(context.channel)
        if let peer, peer.uid == ProcessIdentity.userID {
            logger.debug("Peer of this user", metadata: ["peer.pid": "\(peer.pid)"])
            context.fireChannelActive()
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        if let peer {
            logger.warning("Refused \(who) of another user (uid \(peer.uid), pid \(peer.pid))")
        } else {
            logger.warning("Refused \(who) whose user could not be read (SO_PEERCRED)")
        }
        Self.refuse(context, with: refusal)
    }

    /// A refused client's input is ignored.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // A refused client that closed its side has read what it could: the connection ends now.
        if case ChannelEvent.inputClosed = event { context.close(promise: nil) }
    }

    /// Writes `refusal` and closes our side once it is out. Only our side at first: a client still
    /// writing its first request must not die of a broken pipe before it reads why. The connection
    /// ends when it closes, or after 5 s.
    static func refuse(_ context: ChannelHandlerContext, with refusal: String) {
        let channel = context.channel
        context.writeAndFlush(NIOAny(ByteBuffer(string: refusal)))
            .whenComplete { _ in channel.close(mode: .output, promise: nil) }
        context.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
    }
}
