import Logging
import NIOCore

extension SSIPHandler {
    /// Queues text for the client: a reply is written and flushed at once, before the command's
    /// speech starts; an event is flushed at the end of the loop's turn. Past the backlog's limit an
    /// event is dropped (replies never are: reading stops long before).
    func queue(_ text: String, _ kind: LineKind) {
        guard let context else { return }
        let size = text.utf8.count
        let (accepted, firstDrop) = backlog.enqueue(kind, size: size)
        guard accepted else {
            if firstDrop { logger.warning("An SSIP client does not read what it is sent; dropping its events") }
            return
        }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let written: @Sendable (Result<Void, any Error>) -> Void = { _ in handler.value.lineWritten(size: size) }
        switch kind {
        case .reply: context.channel.writeAndFlush(ByteBuffer(string: text)).whenComplete(written)
        case .notification:
            context.channel.write(ByteBuffer(string: text)).whenComplete(written)
            scheduleFlush()
        }
    }

    func lineWritten(size: Int) {
        backlog.written(size: size)
        guard readHeld || closeWhenDrained, let context else { return }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute { handler.value.drained() }
    }

    func scheduleFlush() {
        guard !flushScheduled, let context else { return }
        flushScheduled = true
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute {
            handler.value.flushScheduled = false
            handler.value.context?.flush()
        }
    }

    /// A line was written (or failed): resume held reads, or close once a closing connection drained.
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

    /// A client that does not read its replies is not read from either.
    func read(context: ChannelHandlerContext) {
        if backlog.isOverLimit {
            readHeld = true
        } else {
            context.read()
        }
    }

}
