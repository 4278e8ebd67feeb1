import NIOCore

/// SSIP's framing: command lines and `SPEAK` blocks (`SSIPFrameDecoder`). Which one comes next is
/// the session's to say, so frames are handed on one at a time: the session answers a `SPEAK` with
/// `SSIPExpectData` before the next frame is cut. After the session ended, nothing more is cut.
final class SSIPFramingHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = SSIPFrame
    typealias OutboundIn = OutboundLine
    typealias OutboundOut = OutboundLine

    private var decoder = SSIPFrameDecoder()
    private var ended = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        decoder.feed(unwrapInboundIn(data).readableBytesView)
        while !ended, let frame = decoder.next() { context.fireChannelRead(wrapInboundOut(frame)) }
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        switch event {
        case is SSIPExpectData:
            decoder.expectData()
            promise?.succeed()
        case is CloseWhenDrained:
            ended = true
            context.triggerUserOutboundEvent(event, promise: promise)
        default:
            context.triggerUserOutboundEvent(event, promise: promise)
        }
    }
}

/// The session accepted a `SPEAK`: the bytes after its command line are the message.
struct SSIPExpectData: Sendable {}
