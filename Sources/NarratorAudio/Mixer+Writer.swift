import Logging
import NarratorSystem

extension Mixer {
    /// Delay before opening the output again after consecutive failures: at once for the first
    /// sound after a loss, then backing off to at most a second while it keeps failing.
    static func retryDelay(afterFailures failures: Int) -> Duration {
        failures <= 1 ? .zero : .milliseconds(min(1000, 100 << min(failures - 2, 4)))
    }

    /// The writer thread: opens the device when there is something to play, mixes and writes ~10 ms
    /// at a time while staying at most `aheadFrames` ahead of what is heard, settles speech marks as
    /// they are heard, drops unheard speech on a cut, and closes the device when idle or failed.
    func runWriter() {
        var writer = Writer(mixer: self)
        writer.open()
        // When the device last had nothing to do: it is closed 3 s after that, whatever other
        // calls wake the writer meanwhile.
        var idleSince: ContinuousClock.Instant?
        lock.lock()
        while !state.closed {
            if !state.isIdle { idleSince = nil }
            if state.cutRequested {
                state.cutRequested = false
                lock.unlock()
                writer.cutSpeech()
                lock.lock()
            } else if state.hasSound {
                writeOrWait(&writer)
            } else {
                state.takeTrailingMarks()
                if state.burstOpen && writer.device != nil {
                    finishBurst(&writer)
                } else if writer.device == nil && !state.waitingToBeHeard.isEmpty {
                    // Marks of an utterance that wrote no audio: there is nothing to hear.
                    settleHeard(upTo: state.written)
                } else if writer.device != nil && opener.isRealTime {
                    let since = idleSince ?? .now
                    idleSince = since
                    let left = ContinuousClock.now.duration(to: since + Self.idleClose)
                    if left > .zero {
                        _ = lock.wait(timeout: left)
                    } else {
                        lock.unlock()
                        writer.closeDevice()
                        lock.lock()
                        idleSince = nil
                    }
                } else {
                    lock.wait()
                }
            }
        }
        lock.unlock()
        writer.closeDevice()
    }

    /// With sound to mix (lock held): opens the device if needed, then writes one slice when the
    /// device has room for it, or waits until it will.
    private func writeOrWait(_ writer: inout Writer) {
        if writer.device == nil {
            let failures = writer.working ? 0 : writer.failures
            if ContinuousClock.now < writer.lastFailure + Self.retryDelay(afterFailures: failures) {
                let items = state.failInFlight(writer.lastReason)
                lock.unlock()
                for item in items { item.settle(.failed(writer.lastReason)) }
                lock.lock()
                return
            }
            lock.unlock()
            writer.open()
            lock.lock()
            return
        }
        lock.unlock()
        guard let unplayed = writer.unplayed() else {
            lock.lock()
            return
        }
        lock.lock()
        // A cut asked for while the lock was released goes first: a slice mixed now (maybe the
        // next utterance's) would be written and then dropped by that cut.
        guard !state.cutRequested else { return }
        settleHeard(upTo: state.written - unplayed)
        // Paced on what we have queued beyond the sound server's own latency, which the latency it
        // reports includes (a Bluetooth sink may alone report more than the 40 ms we keep ahead).
        let ahead = unplayed - writer.baseLatency
        if opener.isRealTime && ahead + sliceFrames > aheadFrames {
            _ = lock.wait(timeout: duration(of: ahead + sliceFrames - aheadFrames))
            return
        }
        writer.resizeSlice(state.nextSliceLength(sliceFrames))
        state.mix(into: &writer.slice)
        // The speech thread may be waiting for room in the queue this slice just made.
        lock.broadcast()
        lock.unlock()
        let wrote = writer.write()
        lock.lock()
        if wrote { state.written += writer.slice.count }
    }

    /// Nothing left to mix, but what was written is not all heard yet (lock held). The writer
    /// waits for playback to reach the last audible frame, settling marks as it passes them; marks
    /// after that frame have only silence before them and settle with it. A sound server that ran
    /// dry holds back a last part smaller than its prebuffer until more comes (seen with
    /// PulseAudio: 79 of 300 frames stayed unplayed for ever), so when playback has not moved
    /// since the last look, one slice of silence is written to push it out. Padding only then,
    /// never ahead, keeps the next sound (a new utterance after a cut) from queueing behind
    /// silence. Silence written is never dropped: a flush here made the server skip the first
    /// 2-4 ms of the next sound (measured on the monitor).
    private func finishBurst(_ writer: inout Writer) {
        lock.unlock()
        guard let unplayed = writer.unplayed() else {
            lock.lock()
            return
        }
        lock.lock()
        // A sound server reports a frame or two of latency even when it has played everything.
        let played = state.written - unplayed + sampleRate / 1000
        settleHeard(upTo: played)
        if played >= state.audibleUntil {
            settleHeard(upTo: .max)
            state.burstOpen = false
            writer.burstPlayed = nil
            lock.broadcast()  // for `waitUntilQuiet`
            return
        }
        guard opener.isRealTime else { return }
        let stuck = writer.burstPlayed == played
        writer.burstPlayed = played
        if stuck && state.written - state.audibleUntil < aheadFrames {
            writer.resizeSlice(sliceFrames)
            state.padWithSilence(into: &writer.slice)
            lock.unlock()
            let wrote = writer.write()
            lock.lock()
            if wrote { state.written += writer.slice.count }
        } else {
            let left = min(state.audibleUntil - played, sliceFrames)
            _ = lock.wait(timeout: duration(of: max(left, sampleRate / 1000)))
        }
    }

    /// Settles the marks playback has reached (lock held; handlers run without it).
    private func settleHeard(upTo played: Int) {
        let heard = state.heard(upTo: played)
        guard !heard.isEmpty else { return }
        lock.unlock()
        for item in heard { item.settle(.played) }
        lock.lock()
    }
}
