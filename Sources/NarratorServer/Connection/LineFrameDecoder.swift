public import NIOCore

/// What the line splitter hands on: a complete line, or notice that one was too long.
public enum InboundLine: Sendable, Equatable {
    case line([UInt8])
    /// A line passed the limit; its bytes up to the next line break are being discarded.
    case tooLong(limit: Int)
}

/// Splits a byte stream at `\n` (a trailing `\r` is dropped), with a length limit.
///
/// A line over the limit yields one `.tooLong` as soon as the limit is passed, and the rest of it
/// is discarded without being buffered, so a client cannot make the daemon hold unbounded input.
/// The connection handler drives it itself (rather than through NIO's ByteToMessageHandler) so
/// that every line of a read is in its hands before the first one is answered.
public struct LineFrameDecoder {
    public let limit: Int
    private var discarding = false

    public init(limit: Int) {
        self.limit = limit
    }

    /// The next line or notice taken from the front of `buffer`; nil when it needs more bytes.
    public mutating func next(from buffer: inout ByteBuffer) -> InboundLine? {
        while true {
            let readable = buffer.readableBytesView
            guard let newline = readable.firstIndex(of: UInt8(ascii: "\n")) else {
                if discarding {
                    buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                    return nil
                }
                // A `\r` at the end may be the first half of a `\r\n` ending: it does not count yet,
                // so a line's fate never depends on how its bytes arrive.
                let endsInReturn = readable.last == UInt8(ascii: "\r")
                if buffer.readableBytes - (endsInReturn ? 1 : 0) > limit {
                    discarding = true
                    buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                    return .tooLong(limit: limit)
                }
                return nil
            }
            let length = newline - readable.startIndex
            if discarding {
                discarding = false
                buffer.moveReaderIndex(forwardBy: length + 1)
                continue
            }
            var bytes = buffer.readBytes(length: length) ?? []
            buffer.moveReaderIndex(forwardBy: 1)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            return bytes.count > limit ? .tooLong(limit: limit) : .line(bytes)
        }
    }
}
