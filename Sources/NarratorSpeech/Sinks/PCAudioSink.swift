import CPCAudio
import Dispatch
public import Logging
import NarratorSystem

/// Plays through pcaudiolib (PulseAudio, PipeWire's pulse server, ALSA).
///
/// The speech thread only appends to a bounded queue; a dedicated audio thread writes it to the
/// device in slices of ~10 ms. So synthesis never waits on the device, and `interrupt` (from any
/// thread) empties the queue and flushes the device at once.
public final class PCAudioSink: AudioSink, @unchecked Sendable {
    /// Which pcaudiolib backend to open.
    public enum Backend: String, Sendable, CaseIterable {
        /// PulseAudio when a server answers, then ALSA, as pcaudiolib tries them.
        case auto
        case pulse
        case alsa
    }

    /// Device buffer asked of PulseAudio. Its default of 2 s would delay short phrases until the
    /// end-of-utterance drain and let sentence marks run 2 s ahead of what the player hears.
    static let pulseLatencyMilliseconds = 40
    /// Audio the queue holds before the speech thread waits (it still wakes at once on interrupt).
    static let queueCapacitySeconds = 10

    public let name: String
    let sampleRate: Int
    let logger: Logger
    let device: AudioDevice
    /// Guards `queue`; its signal wakes the audio thread (new work) and the speech thread (space).
    let condition = ConditionLock()
    var queue = SinkQueue()
    private let stopped = DispatchSemaphore(value: 0)

    /// Opens the device; throws with pcaudiolib's own message when it cannot.
    public init(backend: Backend, sampleRate: Int, logger: Logger) throws(AudioSinkError) {
        self.name = backend.rawValue == "auto" ? "audio device" : backend.rawValue
        self.sampleRate = sampleRate
        self.logger = logger
        self.device = try AudioDevice(backend: backend, sampleRate: sampleRate)
        OSThread.start(name: "narrator-audio") { [self] in
            runAudioLoop()
            stopped.signal()
        }
    }

    deinit { close() }

    public func begin(utterance id: UInt64) {
        condition.lock()
        queue.interrupted = false
        condition.unlock()
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        let capacity = sampleRate * Self.queueCapacitySeconds
        condition.lock()
        defer { condition.unlock() }
        while !queue.interrupted && !queue.closed && queue.queuedSamples + samples.count > capacity {
            condition.wait()
        }
        guard !queue.interrupted, !queue.closed else { return false }
        queue.append(.pcm(Array(samples)))
        condition.broadcast()
        return true
    }

    public func mark(_ handler: @escaping @Sendable (_ reached: Bool) -> Void) {
        enqueue(.mark(handler))
    }

    public func finish(_ handler: @escaping @Sendable (_ played: Bool) -> Void) {
        enqueue(.finish(handler))
    }

    public func interrupt() {
        condition.lock()
        queue.interrupted = true
        let dropped = queue.removeAll()
        condition.broadcast()
        condition.unlock()
        // Flush after the lock is released: the audio thread may be inside a blocking write,
        // which the flush ends early.
        device.flush()
        for handler in dropped { handler(false) }
    }

    public func close() {
        condition.lock()
        let wasOpen = !queue.closed
        queue.closed = true
        queue.interrupted = true
        let dropped = queue.removeAll()
        condition.broadcast()
        condition.unlock()
        guard wasOpen else { return }
        device.flush()
        for handler in dropped { handler(false) }
        stopped.wait()
        device.close()
    }

    private func enqueue(_ item: SinkQueue.Item) {
        condition.lock()
        if queue.interrupted || queue.closed {
            condition.unlock()
            item.fire(false)
            return
        }
        queue.append(item)
        condition.broadcast()
        condition.unlock()
    }
}
