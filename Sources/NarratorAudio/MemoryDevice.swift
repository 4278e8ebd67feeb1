import Synchronization

/// Keeps everything the mixer writes, for tests of the mixer's logic. Plays nothing in real time
/// unless told to hold frames back: `unheard` frames count as not yet heard until `hear` is called,
/// so a test can stand in for a sound server's buffer without a clock.
public final class MemoryDevice: AudioDevice, Sendable {
    private struct State {
        var samples: [Int16] = []
        var unheard = 0
        var holdsBack = false
        var failure: AudioDeviceError?
        var discards = 0
    }

    private let state = Mutex(State())

    /// `holdsBack`: written frames stay unheard until `hear(_:)`; otherwise they are heard at once.
    public init(holdsBack: Bool = false) {
        state.withLock { $0.holdsBack = holdsBack }
    }

    /// Everything written and not discarded, in order.
    public var samples: [Int16] { state.withLock { $0.samples } }
    /// How often the mixer dropped unheard frames.
    public var discards: Int { state.withLock { $0.discards } }
    public var unheard: Int { state.withLock { $0.unheard } }

    /// Marks the oldest `frames` unheard frames as heard.
    public func hear(_ frames: Int) {
        state.withLock { $0.unheard = max(0, $0.unheard - frames) }
    }

    /// Makes every later call fail with `error` (nil: work again).
    public func fail(with error: AudioDeviceError?) {
        state.withLock { $0.failure = error }
    }

    public func unplayedFrames() throws(AudioDeviceError) -> Int {
        let (unheard, failure) = state.withLock { ($0.unheard, $0.failure) }
        if let failure { throw failure }
        return unheard
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        let failure: AudioDeviceError? = state.withLock { state in
            if let failure = state.failure { return failure }
            state.samples.append(contentsOf: samples)
            if state.holdsBack { state.unheard += samples.count }
            return nil
        }
        if let failure { throw failure }
    }

    public func discardUnplayed() throws(AudioDeviceError) {
        state.withLock { state in
            state.samples.removeLast(state.unheard)
            state.unheard = 0
            state.discards += 1
        }
    }

    public func close() {}
}
