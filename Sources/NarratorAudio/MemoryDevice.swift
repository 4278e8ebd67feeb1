import NarratorSystem

/// Keeps everything the mixer writes, for tests of the mixer's logic. With `holdsBack`, written
/// frames stay unheard until `hear(_:)`, so a test plays the part of a sound server's buffer
/// without a clock; otherwise they are heard at once.
public final class MemoryDevice: AudioDevice, @unchecked Sendable {
    private let condition = ConditionLock()
    private var stored: [Int16] = []
    private var unheardFrames = 0
    private var failure: AudioDeviceError?
    private var discardCount = 0
    private var rewriteCount = 0
    private var holdsBack: Bool
    private var gateClosed = false
    /// Samples per frame, interleaved: give its opener as many, unless it chooses them.
    public let channels: Int
    /// `channels`, when the device chose them itself (as a PulseAudio stream that found its sink
    /// mono): the mixer then mixes in them, whatever its opener said.
    public let deviceChannels: Int?

    public init(holdsBack: Bool = false, channels: Int = 1, choosesChannels: Bool = false) {
        self.holdsBack = holdsBack
        self.channels = channels
        self.deviceChannels = choosesChannels ? channels : nil
    }

    /// Everything written and not discarded, in order (interleaved in `channels`).
    public var samples: [Int16] { condition.withLock { stored } }
    /// How often the mixer dropped unheard frames.
    public var discards: Int { condition.withLock { discardCount } }
    public var unheard: Int { condition.withLock { unheardFrames } }
    /// How often the mixer wrote over unheard frames.
    public var rewritten: Int { condition.withLock { rewriteCount } }

    /// Marks the oldest `frames` unheard frames as heard.
    public func hear(_ frames: Int) {
        condition.withLock {
            unheardFrames = max(0, unheardFrames - frames)
            condition.broadcast()
        }
    }

    /// While the gate is closed, a write blocks (a stalled sound server); opening it lets it through.
    public func setGate(closed: Bool) {
        condition.withLock {
            gateClosed = closed
            condition.broadcast()
        }
    }

    /// Hears everything now and from now on: written frames no longer wait.
    public func release() {
        condition.withLock {
            holdsBack = false
            unheardFrames = 0
            condition.broadcast()
        }
    }

    /// Makes every later call fail with `error` (nil: work again).
    public func fail(with error: AudioDeviceError?) {
        condition.withLock { failure = error }
    }

    /// What the device holds at one moment.
    public struct Snapshot {
        public let samples: [Int16]
        public let discards: Int
        public let rewrites: Int
    }

    /// Waits until `ready` holds for what the device holds (false after `limit`): the anchor tests
    /// use instead of sleeping while the mixer's writer thread works.
    public func wait(limit: Duration = .seconds(10), until ready: (Snapshot) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        return condition.withLock {
            while !ready(Snapshot(samples: stored, discards: discardCount, rewrites: rewriteCount)) {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return false }
                _ = condition.wait(timeout: left)
            }
            return true
        }
    }

    public func unplayedFrames() throws(AudioDeviceError) -> Int {
        condition.lock()
        defer { condition.unlock() }
        if let failure { throw failure }
        return unheardFrames
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        condition.lock()
        defer { condition.unlock() }
        while gateClosed { condition.wait() }
        if let failure { throw failure }
        stored.append(contentsOf: samples)
        if holdsBack { unheardFrames += samples.count / channels }
        condition.broadcast()
    }

    /// A device that holds back can be written over where it has not played yet.
    public var rewrites: Bool { condition.withLock { holdsBack } }

    /// Replaces the last frames written; fails when that reaches into what was heard already (a
    /// sound server would play the new frames late or drop them).
    public func rewrite(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        condition.lock()
        defer { condition.unlock() }
        if let failure { throw failure }
        guard samples.count / channels <= unheardFrames else {
            throw AudioDeviceError(
                output: "memory",
                message: "rewrote \(samples.count / channels) frames where \(unheardFrames) were unheard.")
        }
        stored.replaceSubrange((stored.count - samples.count)..., with: samples)
        rewriteCount += 1
        condition.broadcast()
    }

    public func discardUnplayed() throws(AudioDeviceError) {
        condition.withLock {
            stored.removeLast(unheardFrames * channels)
            unheardFrames = 0
            discardCount += 1
            condition.broadcast()
        }
    }

    public func close() {}
}
