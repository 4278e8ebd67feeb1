import Logging
import NIOCore

/// A connection that writes lines within `OutboundBacklog`'s limits: the narrator's own protocol
/// (`ConnectionHandler`) and SSIP (`SSIPHandler`) write the same way. A reply is written and
/// flushed at once; a notification is flushed once at the end of the loop's turn, and dropped
/// past the backlog's limit (a reply never is: reading stops long before); reads are held while
/// too much waits unwritten and resume as it drains; a connection that is closing waits until
/// what it was sent is written.
protocol BackloggedWriter: AnyObject, SendableMetatype {
    var context: ChannelHandlerContext? { get }
    var backlog: OutboundBacklog { get set }
    /// NIO asked for a read while too much waited; it is issued once that drains.
    var readHeld: Bool { get set }
    /// The other side closed: close ours once everything queued for it is written.
    var closeWhenDrained: Bool { get }
    /// A flush of what was queued in this turn of the loop is on its way.
    var flushScheduled: Bool { get set }
    var logger: Logger { get }
}

extension BackloggedWriter {
    /// Queues `text` (with its line ending); `dropping` is logged once, at the first notification
    /// dropped.
    func queue(text: String, _ kind: LineKind, dropping: @autoclosure () -> Logger.Message) {
        guard let context else { return }
        let size = text.utf8.count
        let (accepted, firstDrop) = backlog.enqueue(kind, size: size)
        guard accepted else {
            if firstDrop { logger.warning(dropping()) }
            return
        }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let written: @Sendable (Result<Void, any Error>) -> Void = { _ in handler.value.lineWritten(size: size) }
        switch kind {
        case .reply:
            context.channel.writeAndFlush(ByteBuffer(string: text)).whenComplete(written)
        case .notification:
            context.channel.write(ByteBuffer(string: text)).whenComplete(written)
            scheduleFlush()
        }
    }

    /// A line was written, or failed to be: held reads may resume, a closing connection may end.
    func lineWritten(size: Int) {
        backlog.written(size: size)
        guard readHeld || closeWhenDrained, let context else { return }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute { handler.value.drained() }
    }

    /// Flushes what was queued in this turn of the loop, once, after the current work is done.
    func scheduleFlush() {
        guard !flushScheduled, let context else { return }
        flushScheduled = true
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute {
            handler.value.flushScheduled = false
            handler.value.context?.flush()
        }
    }

    /// Resumes held reads once there is room, or closes a closing connection once it drained.
    func drained() {
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

    /// A client that does not read what it is sent is not read from either: NIO's reads wait while
    /// too much of it is unwritten.
    func readUnlessBacklogged(_ context: ChannelHandlerContext) {
        if backlog.isOverLimit {
            readHeld = true
        } else {
            context.read()
        }
    }
}
