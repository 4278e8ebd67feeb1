import Logging
import NIOCore
import NarratorCore

#if canImport(Glibc)
    import Glibc
#endif

/// One client's connection: request lines in, reply and notification lines out.
///
/// It runs on the conductor's own event loop, so a request is handled, and its reply written to
/// the socket, in the same turn of the loop that read it: no other thread wakes between a game's
/// event and its reply. Failures end this connection only.
final class ConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let conductor: Conductor
    private let gate: ConductorGate
    private let logger: Logger
    private var backlog = OutboundBacklog()
    private var decoder: LineFrameDecoder
    /// Bytes read but not yet a whole line.
    private var received = ByteBuffer()
    private var context: ChannelHandlerContext?
    private var client: ClientID?
    /// NIO asked for a read while too many lines waited; it is issued once they drain.
    private var readHeld = false
    /// The client closed its side: close ours once every line queued for it is written.
    private var closeWhenDrained = false
    /// A flush of the lines queued in this turn is on its way.
    private var flushScheduled = false

    init(conductor: Conductor, gate: ConductorGate, lineLimit: Int, logger: Logger) {
        self.decoder = LineFrameDecoder(limit: lineLimit)
        self.conductor = conductor
        self.gate = gate
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        let peer = PeerCredentials.of(context.channel)
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
            conductor.connect { line, kind in handler.value.queue(line, kind) }
        }
        self.client = client
        logger.debug("Client connected", metadata: ["client.id": "\(client.rawValue)", "peer.pid": "\(peer.pid)"])
        context.fireChannelActive()
    }

    /// Queues a line for the client. Called by the conductor, on this loop, in the middle of its work.
    private func queue(_ line: String, _ kind: LineKind) {
        guard let context else { return }
        // A reply goes out at once, before the speech it starts takes the CPU; if that write fails
        // the channel closes right here, and the handler's callbacks that follow wait in the gate
        // until this turn of the conductor is over. Notifications also come from the conductor's
        // own jobs, which do not pass the gate: they are only queued here and flushed by a task of
        // their own. What a finished write leads to (more reads, closing) is a task of its own too.
        let (accepted, firstDrop) = backlog.enqueue(kind)
        guard accepted else {
            if firstDrop { logger.warning("A client does not read what it is sent; dropping its notifications") }
            return
        }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let written: @Sendable (Result<Void, any Error>) -> Void = { _ in handler.value.lineWritten() }
        let buffer = ByteBuffer(string: line + "\n")
        switch kind {
        case .reply:
            context.channel.writeAndFlush(buffer).whenComplete(written)
        case .notification:
            context.channel.write(buffer).whenComplete(written)
            scheduleFlush()
        }
    }

    /// A line was written, or failed to be: held reads may resume, a half-closed connection may end.
    private func lineWritten() {
        backlog.written()
        guard readHeld || closeWhenDrained, let context else { return }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute { handler.value.drained() }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        received.writeBuffer(&bytes)
        // Every whole line of this read, taken before the first is answered: answering can
        // close the channel (the client left), and the lines it sent before leaving still count.
        var items: [InboundLine] = []
        while let item = decoder.next(from: &received) { items.append(item) }
        received.discardReadBytes()
        guard !items.isEmpty else { return }
        gate.run { for item in items { self.handle(item) } }
    }

    private func handle(_ item: InboundLine) {
        guard let client, !closeWhenDrained else { return }
        switch item {
        case .line(let bytes):
            if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
            do throws(ProtocolError) {
                let request = try Request.parse(bytes)
                conductor.assumeIsolated { $0.handle(request, from: client) }
            } catch {
                conductor.assumeIsolated { $0.reject(error, from: client) }
            }
        case .tooLong(let limit):
            let error = ProtocolError(
                .lineTooLong, "a request line may hold \(limit) bytes; the rest of this one was discarded")
            conductor.assumeIsolated { $0.reject(error, from: client) }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case ChannelEvent.inputClosed = event else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // The client will send nothing more (`narrator send`, socat at end of input). What it
        // asked for is still said; it gets its pending lines, then the connection closes. A
        // partial last line has no one to answer and is dropped.
        received.clear()
        gate.run {
            self.disconnect()
            self.closeWhenDrained = true
            self.drained()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        gate.run { self.disconnect() }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("Connection ended", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    /// A client that does not read its replies is not read from either: NIO's reads wait while
    /// too many of its lines are unwritten.
    func read(context: ChannelHandlerContext) {
        if backlog.isOverLimit {
            readHeld = true
        } else {
            context.read()
        }
    }

    /// Flushes what was queued in this turn of the loop, once, after the current work is done.
    private func scheduleFlush() {
        guard !flushScheduled, let context else { return }
        flushScheduled = true
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute {
            handler.value.flushScheduled = false
            handler.value.context?.flush()
        }
    }

    /// A line was written (or failed): resume held reads, or close after a half-closure.
    private func drained() {
        guard let context else { return }
        if closeWhenDrained {
            if backlog.isEmpty { context.close(promise: nil) }
            return
        }
        if readHeld && backlog.hasRoom {
            readHeld = false
            context.read()
        }
    }

    private func disconnect() {
        guard let client else { return }
        self.client = nil
        conductor.assumeIsolated { $0.disconnect(client) }
    }
}

/// The door from the connection handlers into the conductor, one call at a time. A reply is
/// written inside the conductor's turn; when that write fails, NIO closes the channel there and
/// then, and the lines it had still buffered and its disconnect arrive at the handler while the
/// conductor is mid-call. They wait here and run, in order, when that call ends. Used only on
/// the conductor's event loop (checked in debug builds).
final class ConductorGate: @unchecked Sendable {
    private let eventLoop: any EventLoop
    private var busy = false
    private var waiting: [() -> Void] = []

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func run(_ work: @escaping () -> Void) {
        eventLoop.assertInEventLoop()
        guard !busy else {
            waiting.append(work)
            return
        }
        busy = true
        work()
        while !waiting.isEmpty { waiting.removeFirst()() }
        busy = false
    }
}
