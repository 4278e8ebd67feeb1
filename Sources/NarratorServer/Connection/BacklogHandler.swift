import Logging
import NIOCore

/// Keeps what a connection writes within `OutboundBacklog`'s limits, for every door alike.
///
/// A reply is written and flushed at once (its session flushes it); a notification is flushed once
/// at the end of the loop's turn, and dropped past the backlog's limit. Reads are held while too
/// much waits unwritten and resume as it drains, so a client that writes without reading cannot make
/// the daemon grow. After `CloseWhenDrained` the connection closes once what it was sent is written.
final class BacklogHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = OutboundLine
    typealias OutboundOut = ByteBuffer

    /// Where reading stands: the one state this handler keeps besides its counts.
    private enum Flow {
        case reading
        /// NIO asked for a read while too much waited; it is issued once that drains.
        case readHeld
        /// The session ended: close once everything queued is written.
        case draining
    }

    private var flow = Flow.reading
    private var backlog = OutboundBacklog()
    private var flushScheduled = false
    private var context: ChannelHandlerContext?
    private let logger: Logger
    /// Logged once, at the first notification dropped.
    private let dropping: Logger.Message

    init(logger: Logger, dropping: Logger.Message) {
        self.logger = logger
        self.dropping = dropping
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let line = unwrapOutboundIn(data)
        let size = line.bytes.readableBytes
        let (accepted, firstDrop) = backlog.enqueue(line.kind, size: size)
        guard accepted else {
            if firstDrop { logger.warning(dropping) }
            promise?.succeed()
            return
        }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.whenComplete { result in
            handler.value.lineWritten(size: size)
            promise?.completeWith(result)
        }
        context.write(wrapOutboundOut(line.bytes), promise: written)
        if line.kind == .notification { scheduleFlush(context) }
    }

    func read(context: ChannelHandlerContext) {
        if backlog.isOverLimit {
            if flow == .reading { flow = .readHeld }
        } else {
            context.read()
        }
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is CloseWhenDrained else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        flow = .draining
        promise?.succeed()
        drained()
    }

    /// A line was written, or failed to be: held reads may resume, a draining connection may end.
    /// What that leads to is a task of its own: a write can complete inside another write.
    private func lineWritten(size: Int) {
        backlog.written(size: size)
        guard flow != .reading, let context else { return }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute { handler.value.drained() }
    }

    /// Flushes what was queued in this turn of the loop, once, after the current work is done.
    private func scheduleFlush(_ context: ChannelHandlerContext) {
        guard !flushScheduled else { return }
        flushScheduled = true
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute {
            handler.value.flushScheduled = false
            handler.value.context?.flush()
        }
    }

    /// Resumes held reads once there is room, or closes a draining connection once it is empty.
    private func drained() {
        guard let context else { return }
        switch flow {
        case .draining:
            if backlog.isEmpty { context.close(promise: nil) }
        case .readHeld where backlog.hasRoom:
            flow = .reading
            context.read()
        case .readHeld, .reading:
            break
        }
    }
}
