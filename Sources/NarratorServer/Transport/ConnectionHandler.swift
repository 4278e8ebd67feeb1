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
    typealias InboundIn = InboundLine
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let conductor: Conductor
    private let logger: Logger
    private let backlog = OutboundBacklog()
    private var context: ChannelHandlerContext?
    private var client: ClientID?
    /// NIO asked for a read while too many lines waited; it is issued once they drain.
    private var readHeld = false
    /// The client closed its side: close ours once every line queued for it is written.
    private var closeWhenDrained = false
    /// A flush of the lines queued in this turn is on its way.
    private var flushScheduled = false

    init(conductor: Conductor, logger: Logger) {
        self.conductor = conductor
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
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: refusal.replyLine + "\n")))
                .whenComplete { _ in channel.close(promise: nil) }
            return
        }
        let channel = context.channel
        let backlog = backlog
        let logger = logger
        let loop = context.eventLoop
        let handler = NIOLoopBound(self, eventLoop: loop)
        let client = conductor.assumeIsolated { conductor in
            conductor.connect { line, kind in
                // Called by the conductor, on this loop, in the middle of its work: nothing here
                // may call back into it. The line is only queued on the channel; the flush (whose
                // failure closes the channel) and what a finished write leads to (more reads,
                // closing) run as tasks of their own, after the conductor's turn.
                let (accepted, firstDrop) = backlog.enqueue(kind)
                guard accepted else {
                    if firstDrop {
                        logger.warning("A client does not read what it is sent; dropping its notifications")
                    }
                    return
                }
                channel.write(ByteBuffer(string: line + "\n")).whenComplete { _ in
                    backlog.written()
                    loop.execute { handler.value.drained() }
                }
                handler.value.scheduleFlush()
            }
        }
        self.client = client
        logger.debug("Client connected", metadata: ["client.id": "\(client.rawValue)", "peer.pid": "\(peer.pid)"])
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let client, !closeWhenDrained else { return }
        switch unwrapInboundIn(data) {
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
        // asked for is still said; it gets its pending lines, then the connection closes.
        disconnect()
        closeWhenDrained = true
        drained()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disconnect()
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
