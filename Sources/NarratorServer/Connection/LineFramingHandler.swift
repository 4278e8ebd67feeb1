import NIOCore

/// Splits a connection's bytes into lines (`LineFrameDecoder`, with its length limit).
///
/// Every whole line of a read is taken before the first is handed on: answering one can close the
/// channel (the client left), and the lines it sent before leaving still count. A partial last line
/// when the client closes its side has no one to answer and is dropped.
final class LineFramingHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = InboundLine

    private var decoder: LineFrameDecoder
    /// Bytes read but not yet a whole line.
    private var received = ByteBuffer()

    init(limit: Int) {
        decoder = LineFrameDecoder(limit: limit)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        received = ByteBuffer()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        received.writeBuffer(&bytes)
        var lines: [InboundLine] = []
        while let line = decoder.next(from: &received) { lines.append(line) }
        keepPartialLineSmall()
        for line in lines { context.fireChannelRead(wrapInboundOut(line)) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { received = ByteBuffer() }
        context.fireUserInboundEventTriggered(event)
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
}
