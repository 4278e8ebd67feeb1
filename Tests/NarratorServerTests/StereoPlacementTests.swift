import Foundation
import NarratorTestSupport
import Testing

/// Placement end to end (docs/AUDIO.md, "Placing sounds"): `narrator serve --output pulse` into a
/// private PulseAudio whose null sink is stereo, its monitor recorded in stereo, and each ear's
/// energy measured; and a mono sink, which gets every sound unplaced, asked for (`mono:pulse`) or not.
@Suite("Stereo placement through a real PulseAudio", .serialized)
struct StereoPlacementTests {
    static func play(_ sound: String, _ fields: String = "") -> String {
        #"{"type":"play","sound":"\#(sound)"\#(fields)}"#
    }

    /// The energy of each channel of an interleaved clip, in dB (a silent channel is far below).
    static func ears(_ clip: [Int16]) -> (left: Double, right: Double) {
        func energy(_ start: Int) -> Double {
            10
                * log10(
                    stride(from: start, to: clip.count, by: 2).reduce(1e-9) { $0 + Double(clip[$1]) * Double(clip[$1]) }
                )
        }
        return (energy(0), energy(1))
    }

    /// The next sound on a stereo monitor once `send` has run, whole frames from 100 ms of silence
    /// before it to 100 ms of silence after it.
    /// The energy of a mono clip, in dB.
    static func level(_ clip: [Int16]) -> Double {
        10 * log10(clip.reduce(1e-9) { $0 + Double($1) * Double($1) })
    }

    /// The left lane's note placed (`stereo`) and centred, each played alone and recorded: their
    /// energies in dB, which a mono output makes equal.
    static func leftLaneLevels(_ recorder: MonitorRecorder, _ listener: Subscriber) throws -> (Double, Double) {
        let placed = level(try clip(recorder) { _ = try listener.send(play("lane_left", #","stereo":true"#)) })
        let centred = level(try clip(recorder) { _ = try listener.send(play("lane_left", #","stereo":false"#)) })
        return (placed, centred)
    }

    static func clip(_ recorder: MonitorRecorder, _ send: () throws -> Void) throws -> [Int16] {
        let quiet = recorder.sampleRate / 10 * recorder.channels
        let silence = try #require(recorder.waitForSilence(after: recorder.count, length: quiet, threshold: 40))
        let before = (silence + quiet) / recorder.channels * recorder.channels
        try send()
        let onset = try #require(recorder.waitForSound(after: before, threshold: 40), "nothing was heard")
        let end = try #require(recorder.waitForSilence(after: onset, length: quiet, threshold: 40))
        return recorder.samples(in: before..<(end / recorder.channels * recorder.channels))
    }

    @Test("A left lane note is at least 20 dB louder left than right; a centred note and speech are equal within 1 dB")
    func placedInStereo() throws {
        try withDaemon(sinkChannels: 2, output: "pulse") { daemon, recorder in
            let listener = try Subscriber(daemon)
            let left = Self.ears(
                try Self.clip(recorder) { _ = try listener.send(Self.play("lane_left", #","stereo":true"#)) })
            #expect(left.left - left.right >= 20, "left lane note: \(left)")
            let right = Self.ears(
                try Self.clip(recorder) { _ = try listener.send(Self.play("lane_right", #","stereo":true"#)) })
            #expect(right.right - right.left >= 20, "right lane note: \(right)")
            let middle = Self.ears(
                try Self.clip(recorder) { _ = try listener.send(Self.play("lane_middle", #","stereo":true"#)) })
            #expect(abs(middle.left - middle.right) <= 1, "middle lane note: \(middle)")
            // Stereo off: the left lane's note from the centre, as loud (in power) as placed.
            let off = Self.ears(
                try Self.clip(recorder) { _ = try listener.send(Self.play("lane_left", #","stereo":false"#)) })
            #expect(abs(off.left - off.right) <= 1, "left lane note, stereo off: \(off)")
            let placedPower = 10 * log10(pow(10, left.left / 10) + pow(10, left.right / 10))
            let centredPower = 10 * log10(pow(10, off.left / 10) + pow(10, off.right / 10))
            #expect(
                abs(placedPower - centredPower) <= 0.5,
                "equal power: \(placedPower) dB placed, \(centredPower) dB centred")
            let said = Self.ears(
                try Self.clip(recorder) {
                    _ = try listener.waitForEnd(try listener.send(#"{"type":"say","text":"Score one hundred."}"#))
                })
            #expect(abs(said.left - said.right) <= 1, "speech: \(said)")
            let aside = Self.ears(
                try Self.clip(recorder) {
                    _ = try listener.waitForEnd(try listener.send(#"{"type":"say","text":"Over here.","pan":1}"#))
                })
            #expect(aside.right - aside.left >= 20, "speech at the right: \(aside)")
        }
    }

    @Test("A mono sink gets the downmix: mono:pulse mixes unplaced, a placed note as loud as a centred one")
    func monoDevice() throws {
        try withDaemon(sinkChannels: 1, output: "mono:pulse") { daemon, recorder in
            let listener = try Subscriber(daemon)
            let (placed, centred) = try Self.leftLaneLevels(recorder, listener)
            #expect(abs(placed - centred) <= 0.5, "placed \(placed) dB, centred \(centred) dB")
            let said = try Self.clip(recorder) {
                _ = try listener.waitForEnd(try listener.send(#"{"type":"say","text":"Score one hundred.","pan":-1}"#))
            }
            #expect(Loudness.soundingRMS([said], sampleRate: recorder.sampleRate) > 500, "speech is heard in mono")
        }
    }

    /// The pulse output finds a mono sink by itself (docs/AUDIO.md, "The downmix"): the server's remix
    /// of the narrator's stereo stream, (left + right) / 2, put a note at a side 3 dB below the centre;
    /// now the stream is opened in one channel and every sound mixed unplaced, as with `mono:pulse`.
    @Test(
        "--output pulse on a mono sink mixes unplaced: a left-placed note as loud as a centred one, said once in the log"
    )
    func monoSinkFoundByItself() throws {
        try withDaemon(sinkChannels: 1, output: "pulse") { daemon, recorder in
            let listener = try Subscriber(daemon)
            let (placed, centred) = try Self.leftLaneLevels(recorder, listener)
            #expect(abs(placed - centred) <= 1, "placed \(placed) dB, centred \(centred) dB")
            // A sound the request places at the right: unplaced too; the log said it once, at the start.
            let rightClip = try Self.clip(recorder) { _ = try listener.send(Self.play("speed_up", #","pan":1"#)) }
            let middleClip = try Self.clip(recorder) { _ = try listener.send(Self.play("speed_up")) }
            let right = Self.level(rightClip)
            let middle = Self.level(middleClip)
            #expect(abs(right - middle) <= 1, "right \(right) dB, centre \(middle) dB")
            let said = "The sound server's sink is mono"
            #expect(daemon.waitForLog(said), "\(daemon.logText)")
            #expect(daemon.logText.components(separatedBy: said).count == 2, "\(daemon.logText)")
        }
    }

    private func withDaemon(
        sinkChannels: Int, output: String, _ body: (DaemonProcess, MonitorRecorder) throws -> Void
    ) throws {
        // Without rewinds the monitor holds every sample played (`PrivatePulseAudio.start`).
        let sound = try RecordedPulse(rewinds: false, channels: sinkChannels)
        defer { sound.stop() }
        let daemon = try DaemonProcess(arguments: ["--output", output], environment: ["PULSE_SERVER": sound.server])
        defer { _ = daemon.stop() }
        try body(daemon, sound.recorder)
    }
}
