import NIOCore
import NarratorWire

/// The narrator's own protocol, inbound: each line a request, or the error the conductor answers
/// for it (a line that is no request, one too long). Blank lines are nothing. docs/PROTOCOL.md.
final class JSONCodecHandler: ChannelInboundHandler {
    typealias InboundIn = InboundLine
    typealias InboundOut = ConductorShell.Asked

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let asked: ConductorShell.Asked
        switch unwrapInboundIn(data) {
        case .line(let bytes):
            if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
            do throws(ProtocolError) {
                asked = .request(try Request.parse(bytes))
            } catch {
                asked = .rejected(error)
            }
        case .tooLong(let limit):
            asked = .rejected(
                ProtocolError(
                    .lineTooLong, "a request line may hold \(limit) bytes; the rest of this one was discarded"))
        }
        context.fireChannelRead(wrapInboundOut(asked))
    }
}
