public import NarratorVoice
public import NarratorWire
import Synchronization

/// Keeps every sample in memory, per utterance. For tests and benchmarks.
public final class MemorySink: AudioSink {
    /// The audio of one utterance and when its chunks arrived.
    public struct Recording: Sendable {
        public let id: UInt64
        /// The samples as the engine made them: the gain below is not applied.
        public var samples: [Int16] = []
        /// The gain a mixer would apply to them (`AudioSink.begin`): a volume above 100.
        public var gain = 1.0
        /// Number of `write` calls (synthesis chunks).
        public var chunks = 0
        /// Monotonic time of the first chunk, for latency measurements.
        public var firstChunkAt: ContinuousClock.Instant?
    }

    private struct State {
        var recordings: [Recording] = []
        var interrupted = false
    }

    public let name = "memory"
    private let state = Mutex(State())
    /// Runs on the speech thread after each chunk is stored, with the utterance id and chunk number.
    /// Tests use it to stop an utterance at a known point instead of racing a timer.
    private let onChunk: (@Sendable (_ id: UInt64, _ chunk: Int) -> Void)?

    public init(onChunk: (@Sendable (_ id: UInt64, _ chunk: Int) -> Void)? = nil) {
        self.onChunk = onChunk
    }

    public var recordings: [Recording] { state.withLock { $0.recordings } }

    /// All samples of one utterance (empty if it never started).
    public func samples(of id: UInt64) -> [Int16] {
        state.withLock { $0.recordings.last(where: { $0.id == id })?.samples ?? [] }
    }

    /// Keeps the samples as made, and the gain beside them: the place and the gain are the mixer's
    /// business.
    public func begin(utterance id: UInt64, pan: Pan, gain: Double) {
        state.withLock {
            $0.interrupted = false
            $0.recordings.append(Recording(id: id, gain: gain))
        }
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        let now = ContinuousClock.now
        let stored: (UInt64, Int)? = state.withLock { state in
            guard !state.interrupted, !state.recordings.isEmpty else { return nil }
            let last = state.recordings.count - 1
            state.recordings[last].samples.append(contentsOf: samples)
            state.recordings[last].chunks += 1
            if state.recordings[last].firstChunkAt == nil { state.recordings[last].firstChunkAt = now }
            return (state.recordings[last].id, state.recordings[last].chunks)
        }
        guard let (id, chunk) = stored else { return false }
        onChunk?(id, chunk)
        return true
    }

    public func mark(_ handler: @escaping @Sendable (_ reached: Bool) -> Void) {
        let interrupted = state.withLock { $0.interrupted }
        handler(!interrupted)
    }

    public func finish(_ handler: @escaping @Sendable (PlaybackResult) -> Void) {
        handler(state.withLock { $0.interrupted } ? .interrupted : .played)
    }

    public func interrupt(utterance id: UInt64) {
        state.withLock { state in
            if state.recordings.last?.id == id { state.interrupted = true }
        }
    }
}
