public import NIOCore

/// What the line decoder hands on: a complete line, or notice that one was too long.
public enum InboundLine: Sendable, Equatable {
    case line([UInt8])
    /// A line passed the limit; its bytes up to the next line break are being discarded.
    case tooLong(limit: Int)
}

/// Splits the byte stream at `\n` (a trailing `\r` is dropped), with a length limit.
///
/// A line over the limit yields one `.tooLong` as soon as the limit is passed, and the rest of it
/// is discarded without being buffered, so a client cannot make the daemon hold unbounded input.
public struct LineFrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = InboundLine

    public let limit: Int
    private var discarding = false

    public init(limit: Int) {
        self.limit = limit
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let readable = buffer.readableBytesView
        guard let newline = readable.firstIndex(of: UInt8(ascii: "\n")) else {
            if discarding {
                buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                return .needMoreData
            }
            if buffer.readableBytes > limit {
                discarding = true
                buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                context.fireChannelRead(wrapInboundOut(.tooLong(limit: limit)))
                return .continue
            }
            return .needMoreData
        }
        let length = newline - readable.startIndex
        if discarding {
            discarding = false
            buffer.moveReaderIndex(forwardBy: length + 1)
            return .continue
        }
        var bytes = buffer.readBytes(length: length) ?? []
        buffer.moveReaderIndex(forwardBy: 1)
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        if bytes.count > limit {
            context.fireChannelRead(wrapInboundOut(.tooLong(limit: limit)))
        } else {
            context.fireChannelRead(wrapInboundOut(.line(bytes)))
        }
        return .continue
    }

    public mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        // A client that disconnects mid-line loses that partial line; there is no one to reply to.
        while try decode(context: context, buffer: &buffer) == .continue {}
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
        return .needMoreData
    }
}
