import Logging
import NIOCore
import NarratorCore
import NarratorWire

#if canImport(Glibc)
    import Glibc
#endif

/// One client's connection: request lines in, reply and notification lines out.
///
/// It runs on the conductor's own event loop, so a request is read, decided and answered in one
/// turn of the loop: the handler asks the conductor for the reply (`answer`), writes and flushes
/// it, and only then lets the conductor carry the request out (`carryOut`), so the reply is on
/// the socket before the speech it starts. No other thread wakes between a game's event and its
/// reply. The conductor never writes to a connection itself: notifications reach it through the
/// one callback given at `connect`, which only queues. Failures end this connection only.
final class ConnectionHandler: ChannelDuplexHandler, BackloggedWriter {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let conductor: ConductorShell
    /// Who is on the other end (SO_PEERCRED); tests in memory give their own.
    private let peerCredentials: (any Channel) -> PeerCredentials?
    let logger: Logger
    var backlog = OutboundBacklog()
    private var decoder: LineFrameDecoder
    /// Bytes read but not yet a whole line.
    private var received = ByteBuffer()
    var context: ChannelHandlerContext?
    private var client: ClientID?
    /// NIO asked for a read while too many lines waited; it is issued once they drain.
    var readHeld = false
    /// The client closed its side: close ours once every line queued for it is written.
    var closeWhenDrained = false
    /// A flush of the lines queued in this turn is on its way.
    var flushScheduled = false

    init(
        conductor: ConductorShell, lineLimit: Int, logger: Logger,
        peerCredentials: @escaping (any Channel) -> PeerCredentials? = PeerCredentials.of
    ) {
        self.decoder = LineFrameDecoder(limit: lineLimit)
        self.conductor = conductor
        self.peerCredentials = peerCredentials
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        received = ByteBuffer()
    }

    func channelActive(context: ChannelHandlerContext) {
        let peer = peerCredentials(context.channel)
        guard let peer, peer.uid == getuid() else {
            if let peer {
                logger.warning("Refused a client of another user (uid \(peer.uid), pid \(peer.pid))")
            } else {
                logger.warning("Refused a client whose user could not be read (SO_PEERCRED)")
            }
            let refusal = ProtocolError(
                .notAllowed, "this narrator belongs to user \(getuid()); connect to your own narrator")
            // Only our side is closed at first: a client still writing its first request must not
            // die of a broken pipe before it reads why. Its input is ignored; the connection ends
            // when it closes, or after 5 s.
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: refusal.replyLine + "\n")))
                .whenComplete { _ in channel.close(mode: .output, promise: nil) }
            context.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
            closeWhenDrained = true
            return
        }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let client = conductor.assumeIsolated { conductor in
            conductor.connect(notifications: { line in handler.value.queue(line, .notification) })
        }
        self.client = client
        logger.debug("Client connected", metadata: ["client.id": "\(client.rawValue)", "peer.pid": "\(peer.pid)"])
        context.fireChannelActive()
    }

    /// Queues a line for the client. A reply is written and flushed at once, before the request
    /// is carried out; if that write fails, NIO closes the channel right here (see
    /// `channelInactive`). A notification comes from the conductor in the middle of its work: it
    /// is only queued, and flushed by a task of its own. What a finished write leads to (more
    /// reads, closing) is a task of its own too.
    private func queue(_ line: String, _ kind: LineKind) {
        queue(text: line + "\n", kind, dropping: "A client does not read what it is sent; dropping its notifications")
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        received.writeBuffer(&bytes)
        // Every whole line of this read, taken before the first is answered: answering can
        // close the channel (the client left), and the lines it sent before leaving still count.
        var items: [InboundLine] = []
        while let item = decoder.next(from: &received) { items.append(item) }
        keepPartialLineSmall()
        for item in items { handle(item) }
    }

    /// Keeps only the bytes of a line not yet ended, in a buffer no bigger than they need: a long
    /// line's buffer is let go once the line is done.
    private func keepPartialLineSmall() {
        if received.readableBytes == 0 && received.capacity > 4096 {
            received = ByteBuffer()
        } else {
            received.discardReadBytes()
        }
    }

    /// One request: decided, its reply written, then carried out.
    private func handle(_ item: InboundLine) {
        guard let client, !closeWhenDrained else { return }
        let answer: ConductorShell.Answer
        switch item {
        case .line(let bytes):
            if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
            do throws(ProtocolError) {
                let request = try Request.parse(bytes)
                answer = conductor.assumeIsolated { $0.answer(request, from: client) }
            } catch {
                answer = conductor.assumeIsolated { $0.answer(rejecting: error, from: client) }
            }
        case .tooLong(let limit):
            let error = ProtocolError(
                .lineTooLong, "a request line may hold \(limit) bytes; the rest of this one was discarded")
            answer = conductor.assumeIsolated { $0.answer(rejecting: error, from: client) }
        }
        if let reply = answer.reply { queue(reply.line, .reply) }
        conductor.assumeIsolated { $0.carryOut(answer) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case ChannelEvent.inputClosed = event else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // The client will send nothing more (`narrator send`, socat at end of input). What it
        // asked for is still said; it gets its pending lines, then the connection closes. A
        // partial last line has no one to answer and is dropped.
        received = ByteBuffer()
        disconnect()
        closeWhenDrained = true
        drained()
    }

    /// A reply that fails to be written closes the channel inside `channelRead`, between two of
    /// the requests it read: the ones after it still count (a client may write and leave at once),
    /// so the conductor hears of the end in a turn of its own, after them.
    func channelInactive(context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute { handler.value.disconnect() }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("Connection ended", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    func read(context: ChannelHandlerContext) { readUnlessBacklogged(context) }

    private func disconnect() {
        guard let client else { return }
        self.client = nil
        conductor.assumeIsolated { $0.disconnect(client) }
    }
}
