import Foundation
import Logging
import NarratorAudio
import NarratorTestSupport
import NarratorVoice
import Synchronization
import Testing

/// W18 through a real PulseAudio: the server reports an underflow every time our stream runs dry,
/// and only those that broke a sound are counted as underruns in the output's status.
@Suite("Underruns through PulseAudio", .serialized)
struct UnderrunPulseTests {
    static let rate = PrivatePulseAudio.sampleRate

    /// Counts writes down to the one to hold back (0: none).
    final class Countdown: Sendable {
        let writesLeft = Atomic(0)
    }

    /// A real device that holds back one write, once the countdown reaches it, for `starving`
    /// before it goes through: the writer starved of the processor, as a stopped or overloaded
    /// daemon would be. Counting writes, not waiting for the sound on the monitor, puts the fault
    /// inside the sound: a recorder still delivering the end of the sound before may say "heard"
    /// before the first slice is written, and a fault there only delays a sound's start.
    final class StarvingDevice: AudioDevice {
        let device: any AudioDevice
        let countdown: Countdown
        let starving: Duration

        init(_ device: any AudioDevice, countdown: Countdown, starving: Duration) {
            self.device = device
            self.countdown = countdown
            self.starving = starving
        }

        func unplayedFrames() throws(AudioDeviceError) -> Int { try device.unplayedFrames() }
        func backlog() throws(AudioDeviceError) -> AudioBacklog { try device.backlog() }
        var isConnected: Bool { device.isConnected }
        var rewrites: Bool { device.rewrites }
        /// The real stream's channels: one on the test's mono sink, which the mixer must mix in.
        var deviceChannels: Int? { device.deviceChannels }
        func rewrite(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) { try device.rewrite(samples) }
        func discardUnplayed() throws(AudioDeviceError) { try device.discardUnplayed() }
        func takeUnderflows() -> [AudioUnderflow] { device.takeUnderflows() }
        func close() { device.close() }

        func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
            let left = countdown.writesLeft.load(ordering: .sequentiallyConsistent)
            if left > 0, countdown.writesLeft.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
                // The fault itself, not a wait for something: the writer does not run for this long.
                let (seconds, attoseconds) = starving.components
                Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
            }
            try device.write(samples)
        }
    }

    /// What the test does to the device below, and what it saw.
    final class CutFaults: Sendable {
        /// Writes still to go before the writer is stopped in its next measure (0: not armed).
        let writesBeforeHold = Atomic(0)
        let holdNextMeasure = Atomic(false)
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let flushed = Atomic(false)
        /// Underflows the device reported where a cut left the stream.
        let atCut = Atomic(0)
    }

    /// A real device that can stop the writer in its next measure (after a few writes) until the
    /// test lets it go, and
    /// holds back the first write after a flush: a stop cuts speech while the writer stands still,
    /// and whatever comes after the cut reaches the server late, so the stream certainly runs dry
    /// where the cut left it.
    final class CutDevice: AudioDevice {
        let device: any AudioDevice
        let faults: CutFaults

        init(_ device: any AudioDevice, faults: CutFaults) {
            self.device = device
            self.faults = faults
        }

        func unplayedFrames() throws(AudioDeviceError) -> Int { try backlog().unheard }
        func backlog() throws(AudioDeviceError) -> AudioBacklog {
            if faults.holdNextMeasure.exchange(false, ordering: .sequentiallyConsistent) {
                faults.holding.signal()
                faults.release.wait()
            }
            return try device.backlog()
        }
        var isConnected: Bool { device.isConnected }
        var rewrites: Bool { device.rewrites }
        var deviceChannels: Int? { device.deviceChannels }
        func rewrite(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) { try device.rewrite(samples) }
        func discardUnplayed() throws(AudioDeviceError) {
            try device.discardUnplayed()
            faults.flushed.store(true, ordering: .sequentiallyConsistent)
        }
        func takeUnderflows() -> [AudioUnderflow] {
            let underflows = device.takeUnderflows()
            faults.atCut.add(underflows.count { $0.atCut }, ordering: .sequentiallyConsistent)
            return underflows
        }
        func close() { device.close() }

        func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
            if faults.flushed.exchange(false, ordering: .sequentiallyConsistent) {
                // The fault: what follows the cut reaches the server 100 ms late.
                Thread.sleep(forTimeInterval: 0.1)
            }
            try device.write(samples)
            if faults.writesBeforeHold.load(ordering: .sequentiallyConsistent) > 0,
                faults.writesBeforeHold.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue == 0
            {
                faults.holdNextMeasure.store(true, ordering: .sequentiallyConsistent)
            }
        }
    }

    /// An utterance's end: signalled with its result.
    final class Spoken: Sendable {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<PlaybackResult?>(nil)

        func wait() -> PlaybackResult? {
            done.wait(timeout: .now() + 10) == .success ? result.withLock { $0 } : nil
        }
    }

    /// Speaks `samples` as utterance `id`.
    static func speak(_ mixer: Mixer, id: UInt64, _ samples: [Int16]) -> Spoken {
        let spoken = Spoken()
        mixer.speech.begin(utterance: id)
        _ = samples.withUnsafeBufferPointer { mixer.speech.write($0) }
        mixer.speech.finish { outcome in
            spoken.result.withLock { $0 = outcome }
            spoken.done.signal()
        }
        return spoken
    }

    /// A stop with the next cue and line already owed, as RetroRacing does at every step: the
    /// server runs dry where the cut left the stream before the cue comes. That is the cut's own
    /// silence, not a gap. With an earcon sounding through the stop, the same fault breaks the
    /// earcon the cut wrote back, and that is a gap.
    @Test(
        "Running dry where a stop left the stream is no underrun, unless an earcon sounded through it",
        arguments: [false, true])
    func stopThenNextLine(earconThrough: Bool) throws {
        let faults = CutFaults()
        try Self.withPulseMixer({ CutDevice($0, faults: faults) }) { mixer, recorder in
            try stopThenNextLine(earconThrough: earconThrough, faults: faults, mixer: mixer, recorder: recorder)
        }
    }

    private func stopThenNextLine(earconThrough: Bool, faults: CutFaults, mixer: Mixer, recorder: MonitorRecorder)
        throws
    {

        for round in 0..<3 {
            let before = recorder.count
            if earconThrough {
                // An earcon first, so the line starts under it and the two are written together.
                try mixer.play(mixer.centred(Self.tone(milliseconds: 1500)))
            }
            let first = Self.speak(mixer, id: UInt64(2 * round + 1), Self.tone(milliseconds: 2000))
            #expect(recorder.waitForSound(after: before, threshold: 1000) != nil, "nothing was heard")
            // Three writes later, the writer stops in its next measure, and the stop, the next cue
            // and line come meanwhile: its next step finds audio owed and a cut to make.
            faults.writesBeforeHold.store(3, ordering: .sequentiallyConsistent)
            #expect(faults.holding.wait(timeout: .now() + 5) == .success, "the writer never measured")
            mixer.speech.interrupt(utterance: UInt64(2 * round + 1))
            try mixer.play(mixer.centred(Self.tone(milliseconds: 100)))
            let next = Self.speak(mixer, id: UInt64(2 * round + 2), Self.tone(milliseconds: 300))
            faults.release.signal()
            #expect(first.wait() == .interrupted)
            #expect(next.wait() == .played)
            #expect(mixer.waitUntilQuiet())
        }
        // A sound after them lets the writer take any report still on its way.
        try mixer.play(mixer.centred(Self.tone(milliseconds: 50)))
        #expect(mixer.waitUntilQuiet())
        let atCut = faults.atCut.load(ordering: .sequentiallyConsistent)
        #expect(atCut >= 2, "the stream did not run dry where the cut left it (\(atCut) of 3)")
        if earconThrough {
            #expect(mixer.status.underruns >= 2, "an earcon broken by a late write-back was not counted")
        } else {
            #expect(mixer.status.underruns == 0, "the silence of a stop was counted as a gap")
        }
    }

    /// Runs `body` with a mixer on a private PulseAudio, its device wrapped by `wrap`, and a
    /// recorder on the server's monitor.
    static func withPulseMixer(
        _ wrap: @escaping @Sendable (any AudioDevice) -> any AudioDevice,
        _ body: (Mixer, MonitorRecorder) throws -> Void
    ) throws {
        let sound = try RecordedPulse()
        defer { sound.stop() }
        let recorder = sound.recorder
        let real = try AudioOutput.device(.pulse).opener(sampleRate: rate, pulseServer: sound.server)
        let opener = AudioDeviceOpener(name: real.name, isRealTime: true, channels: real.channels) {
            () throws(AudioDeviceError) in
            wrap(try real.open())
        }
        let mixer = Mixer(opener: opener, sampleRate: rate, logger: Logger(label: "test"))
        defer { mixer.close() }
        try body(mixer, recorder)
    }

    /// A 440 Hz tone of `milliseconds`, at half scale.
    static func tone(milliseconds: Int) -> [Int16] {
        (0..<(rate * milliseconds / 1000)).map { index in
            Int16(16000 * sin(2 * Double.pi * 440 * Double(index) / Double(rate)))
        }
    }

    @Test("Sounds with silence between them count no underrun; a writer starved mid-sound counts one")
    func starvedWriterCounts() throws {
        let countdown = Countdown()
        try Self.withPulseMixer({ StarvingDevice($0, countdown: countdown, starving: .milliseconds(300)) }) {
            mixer, recorder in
            try starvedWriterCounts(countdown: countdown, mixer: mixer, recorder: recorder)
        }
    }

    private func starvedWriterCounts(countdown: Countdown, mixer: Mixer, recorder: MonitorRecorder) throws {

        // Five sounds, each heard through before the next: the stream runs dry after each.
        for _ in 0..<5 {
            let before = recorder.count
            try mixer.play(mixer.centred(Self.tone(milliseconds: 150)))
            #expect(mixer.waitUntilQuiet())
            #expect(recorder.waitForSound(after: before, threshold: 1000) != nil)
        }
        #expect(mixer.status.underruns == 0, "a stream running dry between sounds was counted")

        // A long sound whose 30th write (about 300 ms in, 10 ms slices) is held back 300 ms: far
        // more than the lead the writer keeps.
        let before = recorder.count
        countdown.writesLeft.store(30, ordering: .sequentiallyConsistent)
        try mixer.play(mixer.centred(Self.tone(milliseconds: 2000)))
        #expect(mixer.waitUntilQuiet())
        #expect(recorder.waitForSound(after: before, threshold: 1000) != nil, "the long sound was not heard")
        #expect(countdown.writesLeft.load(ordering: .sequentiallyConsistent) == 0, "the fault never happened")
        // The sound after it lets the writer take any report still on its way.
        try mixer.play(mixer.centred(Self.tone(milliseconds: 50)))
        #expect(mixer.waitUntilQuiet())
        #expect(mixer.status.underruns >= 1, "the gap inside the sound was not counted")
        #expect(mixer.status.underruns <= 2, "\(mixer.status.underruns) underruns for one gap")
    }
}
