/// Discards audio. Used when no device can be opened, and by `--output null`.
public final class NullSink: AudioSink {
    public let name = "null"

    public init() {}

    public func begin(utterance id: UInt64) {}
    public func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool { true }
    public func mark(_ handler: @escaping @Sendable (_ reached: Bool) -> Void) { handler(true) }
    public func finish(_ handler: @escaping @Sendable (_ played: Bool) -> Void) { handler(true) }
    public func interrupt() {}
    public func close() {}
}
