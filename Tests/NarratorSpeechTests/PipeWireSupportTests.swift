import Foundation
import NarratorTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The private PipeWire that pulse-server restart tests stand on: what is played through its
/// pulse server is recorded, and the recording goes on when the pulse server is killed mid-sound
/// and a new one started, so the next sound lands in the same recording.
@Suite("A private PipeWire whose pulse server can be killed and restarted", .serialized)
struct PipeWireSupportTests {
    static let rate = PrivatePipeWire.sampleRate
    static let amplitude = 8000.0

    @Test("A tone is recorded; the pulse server killed mid-tone and restarted, the next tone is recorded too")
    func recordsAcrossPulseServerRestart() throws {
        let started = ContinuousClock.now
        let pipewire = try PrivatePipeWire.start()
        defer { pipewire.stop() }
        let startup = ContinuousClock.now - started
        #expect(startup < .seconds(5), "start() took \(startup)")
        let recorder = try pipewire.record()
        defer { recorder.stop() }
        // Samples arrive once pw-record is linked to the sink's monitor and the graph runs.
        try #require(recorder.waitForSamples(Self.rate / 10), "pw-record recorded nothing\n\(pipewire.diagnostics)")

        // A 0.5 s tone played to its end through the pulse server.
        try expectHeard(440, notHeard: 660, playedThrough: pipewire, recordedBy: recorder)

        // A long tone, and the pulse server killed while it sounds.
        let tone = try ToneFile(frequency: 440, seconds: 5)
        let before = recorder.count
        let player = try ChildProcess(
            executable: try #require(PrivatePulseAudio.findExecutable("pacat")).path,
            arguments: pacatArguments(pipewire, tone), environment: ProcessInfo.processInfo.environment,
            captureErrors: true)
        defer { player.stop(signal: SIGKILL) }
        let onset = try #require(
            recorder.waitForSound(after: before), "the long tone was not recorded\n\(pipewire.diagnostics)")
        #expect(recorder.waitForSamples(onset + Self.rate / 5))
        pipewire.killPulseServer()
        let killedAt = recorder.count
        let status = player.waitForExit(within: .seconds(5))
        #expect(status != nil && status != 0, "pacat outlived its pulse server: \(String(describing: status))")
        // The sink falls silent at once, and the recording goes on.
        let silence = try #require(
            recorder.waitForSilence(after: killedAt, length: Self.rate / 5),
            "no silence after the kill (recording ended: \(recorder.hasEnded))\n\(pipewire.diagnostics)")
        #expect(silence - killedAt < Self.rate / 10, "\(silence - killedAt) samples of tone after the kill")
        #expect(!recorder.hasEnded, "the recording ended with the pulse server\n\(pipewire.diagnostics)")

        let restarted = ContinuousClock.now
        try pipewire.restartPulseServer()
        let restart = ContinuousClock.now - restarted
        #expect(restart < .seconds(5), "restartPulseServer() took \(restart)")
        try expectHeard(660, notHeard: 440, playedThrough: pipewire, recordedBy: recorder)
    }

    /// Plays a 0.5 s tone at `frequency` with pacat through the pulse server, and checks that the
    /// recording holds it, and nothing at `other`. The margins leave room for an xrun or two: a
    /// loaded machine now and then loses a 128- or 256-sample quantum.
    private func expectHeard(
        _ frequency: Double, notHeard other: Double, playedThrough pipewire: PrivatePipeWire,
        recordedBy recorder: MonitorRecorder
    ) throws {
        let tone = try ToneFile(frequency: frequency, seconds: 0.5)
        let before = recorder.count
        let pacat = try #require(PrivatePulseAudio.findExecutable("pacat")).path
        let played = try ChildProcess.run(pacat, pacatArguments(pipewire, tone), limit: .seconds(10))
        #expect(played.status == 0, "pacat: \(played.errors)\n\(pipewire.diagnostics)")
        let onset = try #require(
            recorder.waitForSound(after: before),
            "the \(frequency) Hz tone was not recorded (recording ended: \(recorder.hasEnded))\n\(pipewire.diagnostics)"
        )
        try #require(
            recorder.waitForSamples(onset + tone.count),
            "the recording stopped at \(recorder.count) samples (ended: \(recorder.hasEnded))\n\(pipewire.diagnostics)")
        // The middle 0.4 s: neither edge of the tone, nor what follows it.
        let edge = Self.rate / 20
        let window = recorder.samples(in: (onset + edge)..<(onset + tone.count - edge))
        let heard = Goertzel.amplitude(of: frequency, in: window, sampleRate: Double(Self.rate))
        let stray = Goertzel.amplitude(of: other, in: window, sampleRate: Double(Self.rate))
        #expect(heard > 0.5 * Self.amplitude, "\(frequency) Hz recorded at amplitude \(heard)")
        #expect(stray < 0.05 * Self.amplitude, "\(other) Hz recorded at amplitude \(stray)")
    }

    private func pacatArguments(_ pipewire: PrivatePipeWire, _ tone: ToneFile) -> [String] {
        [
            "--server=\(pipewire.server)", "--raw", "--format=s16le", "--rate=\(Self.rate)", "--channels=1",
            tone.url.path,
        ]
    }
}

/// A sine as raw s16le mono PCM in a temporary file, removed when released.
private final class ToneFile {
    let url: URL
    let count: Int

    init(frequency: Double, seconds: Double) throws {
        count = Int(seconds * Double(PipeWireSupportTests.rate))
        var bytes = [UInt8]()
        bytes.reserveCapacity(2 * count)
        for index in 0..<count {
            let phase = 2 * Double.pi * frequency * Double(index) / Double(PipeWireSupportTests.rate)
            let sample = UInt16(bitPattern: Int16(PipeWireSupportTests.amplitude * sin(phase)))
            bytes += [UInt8(sample & 0xff), UInt8(sample >> 8)]
        }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("narrator-tone-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).raw")
        try Data(bytes).write(to: url)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
