import Logging
import NarratorSystem
import NarratorVoice
import NarratorWire

extension Mixer {
    /// The writer thread: asks the machine for the next thing to do, does it, and tells the machine
    /// what the device said, one step at a time. A step decides under the lock, calls the device
    /// with the lock released (a stalled server must not hold up callers), and takes the lock again
    /// to record the result; nothing else happens in between. Handlers (marks, finishes, watchers)
    /// run with the lock released.
    func runWriter() {
        var device: (any AudioDevice)?
        lock.lock()
        var slice = [Int16](repeating: 0, count: machine.settings.sliceFrames * state.channels)
        // The output is tried once at start, so a missing sound server is reported at once.
        open(&device)
        while !state.closed {
            if !state.hasSound { state.takeTrailingMarks() }
            if let device { judgeUnderflows(of: device) }
            let now = ContinuousClock.now
            let action = machine.next(state.writerView(deadline: state.speechDue), now: now)
            switch action {
            case .wait(let until):
                if let until {
                    _ = lock.wait(timeout: now.duration(to: until))
                } else {
                    lock.wait()
                }
            case .open:
                open(&device)
            case .measure:
                guard let current = device else { continue }
                let result = unlocked { Result { () throws(AudioDeviceError) in try current.backlog() } }
                machine.take(report(result) { .unheard($0.unheard, queued: $0.queued) }, now: .now)
            case .check:
                guard let current = device else { continue }
                machine.take(.connected(current.isConnected), now: .now)
            case .write(let frames):
                guard let current = device else { continue }
                resize(&slice, to: frames * state.channels)
                state.mix(into: &slice)
                expectEdges()
                lock.broadcast()  // the speech thread may be waiting for the room this made
                write(slice, to: current)
            case .pad(let frames):
                guard let current = device else { continue }
                resize(&slice, to: frames * state.channels)
                state.padWithSilence(into: &slice)
                write(slice, to: current)
            case .rewrite(let frames):
                let samples = state.rewrite(back: frames)
                expectEdges()
                guard let current = device, !samples.isEmpty else {
                    machine.take(.rewrote, now: .now)
                    continue
                }
                let result = unlocked {
                    Result { () throws(AudioDeviceError) in
                        try samples.withUnsafeBufferPointer { (samples) throws(AudioDeviceError) in
                            try current.rewrite(samples)
                        }
                    }
                }
                machine.take(report(result) { _ in .rewrote }, now: .now)
            case .cut:
                state.cutRequested = false
                state.cutUtterance = nil
                guard let current = device else { continue }
                let result = unlocked { Result { () throws(AudioDeviceError) in try current.unplayedFrames() } }
                machine.take(report(result) { .cutMeasured(unheard: $0) }, now: .now)
            case .discard(let unheard):
                guard let current = device else { continue }
                let result = discard(unheard, on: current)
                machine.take(
                    report(result) { .cut(wroteBack: $0, speechEnd: min(state.speechEnd, state.written)) }, now: .now)
            case .forgetCut:
                state.cutRequested = false
                state.cutUtterance = nil
            case .leadChanged:
                let status = outputStatus
                unlocked { announce(status) }
            case .timed(let timings):
                let told = timings.map(Self.outputTiming)
                unlocked { announce(told) }
            case .settle(let frame):
                settle(state.heard(upTo: frame), .played)
            case .endBurst:
                let items = state.heard(upTo: .max)
                state.burstOpen = false
                lock.broadcast()  // for `waitUntilQuiet`
                settle(items, .played)
            case .failInFlight(let reason):
                settle(state.failInFlight(reason), .failed(reason))
            case .report(let lost):
                report(condition: lost.map { .lost($0) } ?? .working)
            case .close:
                self.close(&device)
            }
        }
        lock.unlock()
        device?.close()
    }

    /// Hands the machine the edges of sounds just mixed, to be timed when they are heard (W19).
    private func expectEdges() {
        for edge in state.takeEdges() { machine.expect(edge.edge, atFrame: edge.frame, now: .now) }
    }

    /// The seam's word for a timed edge.
    static func outputTiming(_ timing: HearingTimes<ContinuousClock.Instant>.Timing) -> OutputTiming {
        let edge: OutputTiming.Edge =
            switch timing.edge {
            case .start(let utterance): .speechStarted(AnnouncementID(rawValue: utterance))
            case .stop(let utterance): .speechStopped(AnnouncementID(rawValue: utterance))
            case .sound(let requested): .sound(requested: requested)
            }
        return OutputTiming(edge: edge, handed: timing.handed, heard: timing.heard)
    }

    /// Opens the device (lock held, released meanwhile) and tells the machine how it went.
    private func open(_ device: inout (any AudioDevice)?) {
        let result = unlocked { Result { () throws(AudioDeviceError) in try opener.open() } }
        machine.take(report(result) { .opened(rewrites: $0.rewrites) }, now: .now)
        if case .success(let opened) = result {
            device = opened
            relayout(to: opened.deviceChannels ?? opener.channels)
        }
        if !state.outputTried {
            state.outputTried = true
            lock.broadcast()  // for `waitUntilTried`
        }
    }

    private func close(_ device: inout (any AudioDevice)?) {
        let closing = device
        device = nil
        unlocked { closing?.close() }
    }

    /// Writes a slice (interleaved frames; lock held, released meanwhile) and tells the machine how it went.
    private func write(_ slice: [Int16], to device: any AudioDevice) {
        let result = unlocked {
            Result { () throws(AudioDeviceError) in
                try slice.withUnsafeBufferPointer { (samples) throws(AudioDeviceError) in try device.write(samples) }
            }
        }
        let frames = slice.count / state.channels
        if case .success = result { state.written += frames }
        machine.take(report(result) { _ in .wrote(frames: frames) }, now: .now)
    }

    /// A cut whose measure found `unheard` frames not yet played, speech among them: drops
    /// everything unheard and writes back the earcons' part of it, so only speech goes quiet. Like
    /// every step, it reads the state with the lock held, calls the device with it released, and
    /// records what happened with it held again; here twice, once to drop and once to write back.
    /// Succeeds with whether anything was written back.
    private func discard(_ unheard: Int, on device: any AudioDevice) -> Result<Bool, AudioDeviceError> {
        let dropping = unlocked {
            Result { () throws(AudioDeviceError) -> Int in
                try device.discardUnplayed()
                return max(0, unheard - (try device.unplayedFrames()))
            }
        }
        guard case .success(let dropped) = dropping else { return dropping.map { _ in false } }
        let refill = state.rewind(dropped)
        guard !refill.isEmpty else { return .success(false) }
        let writing = unlocked {
            Result { () throws(AudioDeviceError) in
                try refill.withUnsafeBufferPointer { (samples) throws(AudioDeviceError) in try device.write(samples) }
            }
        }
        guard case .success = writing else { return writing.map { _ in true } }
        state.written += refill.count / state.channels
        // What was written back must be heard through before the burst may end.
        state.audibleUntil = max(state.audibleUntil, state.written)
        state.burstOpen = true
        return .success(true)
    }

    /// Whole milliseconds of `duration`, for a log line.
    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// Counts the underflows the device reported that broke a sound (W18), logs each once and
    /// tells the watchers the new count (lock held, released to log).
    private func judgeUnderflows(of device: any AudioDevice) {
        let gaps = device.takeUnderflows().compactMap { machine.underflow(at: $0.instant, atCut: $0.atCut) }
        guard !gaps.isEmpty else { return }
        let status = outputStatus
        let sampleRate = machine.settings.sampleRate
        unlocked {
            for (index, gap) in gaps.enumerated() {
                // How long audio had waited to be written says where the gap was: tens of
                // milliseconds is a sound's start, more is inside it. How long before the report the
                // writer last wrote says whose lateness it was: more than the lead, the writer did
                // not run; less, the server read more at once than was queued.
                let number = status.underruns - gaps.count + index + 1
                let queued = gap.queuedFrames * 1000 / max(1, sampleRate)
                let lastWrite =
                    gap.sinceWrite.map {
                        "; last write \(Self.milliseconds($0)) ms before, \(queued) ms queued at the last measure"
                    } ?? ""
                logger.warning(
                    """
                    The sound server ran out of audio while Narrator still had some to write (owed for \
                    \(Self.milliseconds(gap.owed)) ms\(lastWrite)): a gap in the sound, underrun \(number).
                    """,
                    metadata: ["output": "\(outputName)"])
            }
            announce(status)
        }
    }

    /// Runs handlers for settled marks with the lock released.
    private func settle(_ items: [SpeechQueue.Item], _ result: PlaybackResult) {
        guard !items.isEmpty else { return }
        unlocked { for item in items { item.settle(result) } }
    }

    /// Runs `body` with the lock released (held before and after): a device call or handlers.
    func unlocked<Value>(_ body: () -> Value) -> Value {
        lock.unlock()
        defer { lock.lock() }
        return body()
    }

    private func report<Value>(
        _ result: Result<Value, AudioDeviceError>, _ success: (Value) -> WriterMachine<ContinuousClock.Instant>.Report
    ) -> WriterMachine<ContinuousClock.Instant>.Report {
        switch result {
        case .success(let value): success(value)
        case .failure(let error): .failed(reason: error.description, isStall: error.isStall)
        }
    }

    private func resize(_ slice: inout [Int16], to count: Int) {
        if slice.count > count {
            slice.removeLast(slice.count - count)
        } else if slice.count < count {
            slice.append(contentsOf: repeatElement(0, count: count - slice.count))
        }
    }

    /// Records a change of the output's condition (lock held), logs it once and tells the watchers
    /// with the lock released.
    private func report(condition: OutputStatus.Condition) {
        guard state.output.condition != condition else { return }
        state.output.condition = condition
        state.output.since = .now
        let status = outputStatus
        unlocked {
            switch condition {
            case .working:
                logger.notice("Sound works again", metadata: ["output": "\(outputName)"])
            case .lost(let reason):
                logger.error("No sound: \(reason) Narrator tries the output again for the next sound.")
            }
            announce(status)
        }
    }
}
