import Logging
import NarratorSystem

extension Mixer {
    /// The channels the mixer mixes in now: the output's `channels`, or 1 once a stereo output's
    /// device found its sink mono (docs/AUDIO.md, "The downmix").
    public var mixingChannels: Int { lock.withLock { state.channels } }

    /// Blocks until the output has been tried once (opened, or found missing), at most `limit`: from
    /// then on `mixingChannels` says what the device takes. For one-shot tools (`narrator play`),
    /// which render a sound once, in the channels it will be mixed in.
    public func waitUntilTried(limit: Duration = .seconds(5)) {
        let deadline = ContinuousClock.now + limit
        lock.lock()
        defer { lock.unlock() }
        while !state.outputTried {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return }
            _ = lock.wait(timeout: left)
        }
    }

    /// Mixes in the channels the device just opened takes, if they are not the mixer's now (lock
    /// held, released to log): said once per change, and told to the watchers, so the daemon renders
    /// its sounds in them.
    func relayout(to channels: Int) {
        guard channels != state.channels else { return }
        state.relayout(channels: channels)
        let status = outputStatus
        unlocked {
            if channels == 1 {
                logger.notice(
                    "The sound server's sink is mono: every sound is mixed unplaced, in one channel, as mono:\(outputName) would",
                    metadata: ["output": "\(outputName)"])
            } else {
                logger.notice(
                    "The sound server's sink takes stereo again: sounds are placed left to right",
                    metadata: ["output": "\(outputName)"])
            }
            announce(status)
        }
    }

}
