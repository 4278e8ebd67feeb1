/// Where synthesized PCM goes: 16-bit signed mono samples at the engine's sample rate.
///
/// The speech thread calls `begin`, `write` and `mark`; `interrupt` may come from any thread and
/// must silence the output at once. A sink keeps the order of samples and marks: a mark fires
/// when playback reaches it (for a device), or at once (for files and memory).
public protocol AudioSink: AnyObject, Sendable {
    /// A short name for logs and errors (`pulse`, `wav:/tmp/x.wav`).
    var name: String { get }

    /// Called on the speech thread before the first sample of an utterance; clears an earlier interrupt.
    func begin(utterance id: UInt64)

    /// Queues samples. Returns false when the sink was interrupted, so synthesis should stop.
    func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool

    /// Queues a marker. `handler(true)` runs once playback reaches it, `handler(false)` when an
    /// interrupt dropped it first. Every mark's handler runs exactly once.
    func mark(_ handler: @escaping @Sendable (_ reached: Bool) -> Void)

    /// Queues the end of an utterance: `handler(true)` runs once every sample queued before it has
    /// been played, `handler(false)` if an interrupt came first.
    func finish(_ handler: @escaping @Sendable (_ played: Bool) -> Void)

    /// Drops queued audio and silences the output now. Safe from any thread.
    func interrupt()

    /// Releases the device or file; later writes are dropped.
    func close()
}

/// A sink failure, naming the C function and keeping the library's own message.
public struct AudioSinkError: Error, Sendable, Hashable, CustomStringConvertible {
    public let sink: String
    public let message: String

    public init(sink: String, message: String) {
        self.sink = sink
        self.message = message
    }

    public var description: String { "Audio output \(sink): \(message)" }
}
