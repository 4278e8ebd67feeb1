import Logging
import NIOCore
import NarratorWire

#if canImport(Glibc)
    import Glibc
#endif

/// One SSIP connection: speech-dispatcher's protocol in, the conductor's requests out, SSIP
/// replies and 7xx events back. A client of the narrator like a game (`status`, `history`,
/// `monitor`, the same limits), on the conductor's own event loop.
///
/// The decoding is `SSIPFrameDecoder`'s, the translating `SSIPSession`'s; this writes and reads.
/// A command's requests are answered and carried out in order, and its SSIP reply is written
/// before the last one is carried out (so before the speech it starts). Events the command caused
/// are held until its reply is written: SSIP sends no event between a command and its reply.
final class SSIPHandler: ChannelDuplexHandler, BackloggedWriter {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let conductor: ConductorShell
    private let voices: [SSIPVoice]
    private let peerCredentials: (any Channel) -> PeerCredentials?
    let logger: Logger
    private var decoder = SSIPFrameDecoder()
    private var session: SSIPSession?
    var backlog = OutboundBacklog()
    var context: ChannelHandlerContext?
    /// The answer of the command's last request, not carried out yet.
    private var pending: ConductorShell.Answer?
    /// A command is being answered: notifications wait for its reply.
    private var answering = false
    private var held: [String] = []
    var readHeld = false
    var closeWhenDrained = false
    var flushScheduled = false

    init(
        conductor: ConductorShell, voices: [SSIPVoice], logger: Logger,
        peerCredentials: @escaping (any Channel) -> PeerCredentials? = PeerCredentials.of
    ) {
        self.conductor = conductor
        self.voices = voices
        self.logger = logger
        self.peerCredentials = peerCredentials
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func channelActive(context: ChannelHandlerContext) {
        guard let peer = peerCredentials(context.channel), peer.uid == getuid() else {
            logger.warning("Refused an SSIP client of another user, or whose user could not be read (SO_PEERCRED)")
            let refusal = SSIPReply(401, "ERR NOT ALLOWED: THIS NARRATOR BELONGS TO USER \(getuid())")
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: refusal.text)))
                .whenComplete { _ in channel.close(mode: .output, promise: nil) }
            context.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
            closeWhenDrained = true
            return
        }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let client = conductor.assumeIsolated { conductor in
            conductor.connect(notifications: { line in handler.value.notified(line) })
        }
        var opened = SSIPSession(client: client, voices: voices)
        session = opened
        opened.open(ask: ask)
        session = opened
        carryOutPending()
        logger.debug("SSIP client connected", metadata: ["client.id": "\(client.rawValue)", "peer.pid": "\(peer.pid)"])
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        decoder.feed(bytes.readableBytesView)
        while !closeWhenDrained, session != nil, let frame = decoder.next() { handle(frame) }
    }

    /// One frame: answered, its reply written, held events after it, then the rest carried out.
    private func handle(_ frame: SSIPFrame) {
        guard var session else { return }
        answering = true
        let reply: SSIPReply
        var next = SSIPSession.Next.command
        switch frame {
        case .command(let line):
            switch SSIPCommand.parse(line) {
            case .success(let command): (reply, next) = session.handle(command, ask: ask)
            case .failure(let error): reply = error
            }
        case .data(let text): reply = session.speak(text, ask: ask)
        case .malformed(let error): reply = SSIPSession.reply(to: error)
        }
        self.session = session
        if next == .data { decoder.expectData() }
        queue(reply.text, .reply)
        answering = false
        for line in held { notified(line) }
        held = []
        carryOutPending()
        if next == .close { closeAfterWriting() }
    }

    /// One request of this client to the conductor: the one before it is carried out first, so
    /// each is decided after what the previous one did.
    private func ask(_ request: Request) -> Reply {
        guard let client = session?.client else { return .done }
        carryOutPending()
        let answer = conductor.assumeIsolated { $0.answer(request, from: client) }
        pending = answer
        return answer.reply ?? .done
    }

    private func carryOutPending() {
        guard let answer = pending else { return }
        pending = nil
        conductor.assumeIsolated { $0.carryOut(answer) }
    }

    /// A notification line of the conductor for this client, as an SSIP event if its message asked.
    private func notified(_ line: String) {
        if answering {
            held.append(line)
            return
        }
        guard let event = session?.event(for: line) else { return }
        queue(event.text, .notification)
    }

    /// `QUIT`: the client's session ends (its speech goes on), the connection once the reply is out.
    private func closeAfterWriting() {
        disconnect()
        closeWhenDrained = true
        drained()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case ChannelEvent.inputClosed = event else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        closeAfterWriting()
    }

    func channelInactive(context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute { handler.value.disconnect() }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("SSIP connection ended", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    private func disconnect() {
        guard let client = session?.client else { return }
        carryOutPending()
        session = nil
        conductor.assumeIsolated { $0.disconnect(client) }
    }
}
