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
        func takeUnderflows() -> [ContinuousClock.Instant] { device.takeUnderflows() }
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

    /// A 440 Hz tone of `milliseconds`, at half scale.
    static func tone(milliseconds: Int) -> [Int16] {
        (0..<(rate * milliseconds / 1000)).map { index in
            Int16(16000 * sin(2 * Double.pi * 440 * Double(index) / Double(rate)))
        }
    }

    @Test("Sounds with silence between them count no underrun; a writer starved mid-sound counts one")
    func starvedWriterCounts() throws {
        let pulse = try PrivatePulseAudio.start()
        defer { pulse.stop() }
        let recorder = try pulse.record()
        defer { recorder.stop() }
        #expect(recorder.waitForSamples(2 * Self.rate))
        let real = try AudioOutput.device(.pulse).opener(sampleRate: Self.rate, pulseServer: pulse.server)
        let countdown = Countdown()
        let opener = AudioDeviceOpener(name: real.name, isRealTime: true, channels: real.channels) {
            () throws(AudioDeviceError) in
            StarvingDevice(try real.open(), countdown: countdown, starving: .milliseconds(300))
        }
        let mixer = Mixer(opener: opener, sampleRate: Self.rate, logger: Logger(label: "test"))
        defer { mixer.close() }

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
