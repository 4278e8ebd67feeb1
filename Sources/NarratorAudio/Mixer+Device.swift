import Logging
import NarratorVoice

extension Mixer {
    /// The writer thread's own things: the open device, the slice being written, and the record of
    /// failures that paces reopening. Used only on the writer thread, never with the lock held
    /// while it calls the device.
    struct Writer {
        let mixer: Mixer
        var device: (any AudioDevice)?
        var slice: [Int16]
        var failures = 0
        var lastFailure = ContinuousClock.now
        var lastReason = ""
        /// Where playback stood when the writer last looked at a burst's end (see `finishBurst`).
        var burstPlayed: Int?
        /// Whether the output took the last thing written to it (or was never lost): the condition
        /// turns back to working on a successful write, not on an open, since a file or a server
        /// may open and still refuse to play.
        var working = true
        /// The lowest latency the device has reported since it was opened: the sound server's own
        /// (its sink's buffer), which is there even when nothing of ours waits.
        var baseLatency = 0
        private var baseLatencyKnown = false

        init(mixer: Mixer) {
            self.mixer = mixer
            self.slice = Array(repeating: 0, count: mixer.sliceFrames)
        }

        /// Sets the next slice's length (no allocation when it stays the same).
        mutating func resizeSlice(_ count: Int) {
            if slice.count > count {
                slice.removeLast(slice.count - count)
            } else if slice.count < count {
                slice.append(contentsOf: repeatElement(0, count: count - slice.count))
            }
        }

        mutating func open() {
            do {
                device = try mixer.opener.open()
                baseLatencyKnown = false
                baseLatency = 0
                mixer.update { $0.isOpen = true }
            } catch {
                lost(error)
            }
        }

        mutating func closeDevice() {
            device?.close()
            device = nil
            mixer.update { $0.isOpen = false }
        }

        /// Frames written and not yet heard; nil after a failure (already handled).
        mutating func unplayed() -> Int? {
            guard let device else { return nil }
            do {
                let frames = try device.unplayedFrames()
                if !baseLatencyKnown || frames < baseLatency {
                    baseLatency = frames
                    baseLatencyKnown = true
                }
                return frames
            } catch {
                lost(error)
                return nil
            }
        }

        /// Writes `slice`; false after a failure (already handled).
        mutating func write() -> Bool {
            guard let device else { return false }
            do {
                try slice.withUnsafeBufferPointer { (samples) throws(AudioDeviceError) in try device.write(samples) }
                if !working {
                    working = true
                    failures = 0
                    mixer.update { $0.condition = .working }
                }
                return true
            } catch {
                lost(error)
                return false
            }
        }

        /// Speech was interrupted: if the device still holds some of it unheard, drop everything
        /// unheard and write back the earcons' part of it, so only speech goes quiet.
        mutating func cutSpeech() {
            guard let device else { return }
            do {
                let before = try device.unplayedFrames()
                let (written, speechEnd) = mixer.withState { ($0.written, $0.speechEnd) }
                guard speechEnd > written - before else { return }
                try device.discardUnplayed()
                let dropped = max(0, before - (try device.unplayedFrames()))
                let refill = mixer.withState { $0.rewind(dropped) }
                guard !refill.isEmpty else { return }
                try refill.withUnsafeBufferPointer { (samples) throws(AudioDeviceError) in try device.write(samples) }
                mixer.withState { state in
                    state.written += refill.count
                    // What was written back must be heard through before the burst may end.
                    state.audibleUntil = max(state.audibleUntil, state.written)
                    state.burstOpen = true
                }
            } catch {
                lost(error)
            }
        }

        /// The output failed: what was in flight is lost and reported failed, the device is closed,
        /// and the next sound opens it again (after a pause that grows while it keeps failing).
        private mutating func lost(_ error: AudioDeviceError) {
            device?.close()
            device = nil
            working = false
            failures += 1
            lastFailure = .now
            lastReason = error.description
            let reason = lastReason
            // The loss is recorded before what was in flight is dropped, so whoever sees the mixer
            // go quiet also sees why.
            mixer.update {
                $0.isOpen = false
                $0.condition = .lost(reason)
            }
            let items = mixer.withState { $0.failInFlight(reason) }
            for item in items { item.settle(.failed(reason)) }
        }
    }

    /// Changes the output status; a change of condition is logged once and reported to `onChange`.
    func update(_ change: (inout OutputStatus) -> Void) {
        let (changed, status) = withState { state -> (Bool, OutputStatus) in
            let before = state.output.condition
            change(&state.output)
            let changed = state.output.condition != before
            if changed { state.output.since = .now }
            return (changed, state.output)
        }
        guard changed else { return }
        switch status.condition {
        case .working:
            logger.notice("Sound works again", metadata: ["output": "\(outputName)"])
        case .lost(let reason):
            logger.error("No sound: \(reason) Narrator tries the output again for the next sound.")
        }
        announce(status)
    }
}
