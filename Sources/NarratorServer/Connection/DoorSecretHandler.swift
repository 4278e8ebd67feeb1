import Logging
import NIOCore
import NarratorWire

/// The first handler of a Wine door connection: the client's first line must be the door's secret
/// (`DoorSecret`). Then it steps aside, and the rest of the connection is the narrator's protocol;
/// a wrong line, a line too long for a secret, or none within 5 s is refused and closed. The port
/// is on loopback, where any local user can connect: the secret is what keeps them out.
final class DoorSecretHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        case waiting(ByteBuffer)
        case refused
    }

    private var state = State.waiting(ByteBuffer())
    private let secret: DoorSecret
    private let logger: Logger
    private var timeout: Scheduled<Void>?

    /// A secret line is 64 characters; a client that sends more without a line break is not one.
    private static let longestLine = 80

    init(secret: DoorSecret, logger: Logger) {
        self.secret = secret
        self.logger = logger
    }

    func channelActive(context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let connection = NIOLoopBound(context, eventLoop: context.eventLoop)
        timeout = context.eventLoop.scheduleTask(in: .seconds(5)) {
            handler.value.refuse(connection.value, "no secret within 5 s")
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .waiting(var received) = state else { return }
        var bytes = unwrapInboundIn(data)
        received.writeBuffer(&bytes)
        guard let newline = received.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if received.readableBytes > Self.longestLine {
                refuse(context, "a first line too long for a secret")
            } else {
                state = .waiting(received)
            }
            return
        }
        var line = received.readableBytesView[..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        guard secret.matches(line) else {
            refuse(context, "a wrong secret")
            return
        }
        received.moveReaderIndex(to: newline + 1)
        timeout?.cancel()
        context.fireChannelActive()
        if received.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(received)) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { context.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        timeout?.cancel()
        context.fireChannelInactive()
    }

    private func refuse(_ context: ChannelHandlerContext, _ why: String) {
        guard case .waiting = state else { return }
        state = .refused
        timeout?.cancel()
        logger.warning("Refused a Wine door connection: \(why)")
        let refusal = ProtocolError(
            .notAllowed, "the Wine door takes only clients that first send its secret (docs/WINE.md)")
        PeerCheckHandler.refuse(context, with: refusal.replyLine + "\n")
    }
}
