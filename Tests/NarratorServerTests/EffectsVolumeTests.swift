import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// The effects volume end to end: `narrator serve --output pulse` playing into a private PulseAudio,
/// its null sink's monitor recorded, and the levels measured on the recording.
@Suite("Effects volume through a real PulseAudio", .serialized)
struct EffectsVolumeTests {
    /// All three lane notes, one after another: single notes, so even at 200 % nothing is limited.
    static let notes = #"{"type":"play","sound":"lane_pulses","left":true,"middle":true,"right":true}"#
    static let speech = #"{"type":"say","text":"Score one hundred and twenty."}"#

    @Test(
        "The effects volume (serve's option, then set, then null) changes the lane notes by the asked amount within 0.5 dB, and leaves speech alone"
    )
    func notesFollowTheEffectsVolume() throws {
        try withPlayback(["--effects-volume", "50"]) { daemon, recorder in
            let listener = try Subscriber(daemon)
            let status = fields(try daemon.request(#"{"type":"status"}"#))["defaults"] as? [String: Any]
            #expect(status?["effects_volume"] as? Int == 50)
            #expect((status?["from"] as? [String: Any])?["effects_volume"] as? String == "command line")
            // (the volume asked for, or nil for the daemon's default; the volume that should sound)
            let steps: [(set: Int?, sounds: Int)] = [(nil, 50), (100, 100), (200, 200), (25, 25), (nil, 50)]
            var notes: [Double] = []
            var speech: [Double] = []
            for step in steps {
                if step.set != nil || !notes.isEmpty {
                    let value = step.set.map(String.init) ?? "null"
                    try listener.client.send(#"{"type":"set","effects_volume":\#(value)}"#)
                    let reply = fields(try #require(try listener.client.readLine()))
                    #expect(reply["effects_volume"] as? Int == step.sounds && reply["volume"] as? Int == 100)
                }
                let played = try Self.clip(recorder) { _ = try listener.send(Self.notes) }
                notes.append(Self.energyDecibels(played))
                let said = try Self.clip(recorder) { _ = try listener.waitForEnd(try listener.send(Self.speech)) }
                speech.append(Loudness.decibels(Loudness.soundingRMS([said], sampleRate: recorder.sampleRate)))
            }
            let reference = try #require(steps.firstIndex { $0.sounds == 100 })
            for (index, step) in steps.enumerated() {
                let asked = 20 * log10(Double(step.sounds) / 100)
                let measured = notes[index] - notes[reference]
                #expect(abs(measured - asked) <= 0.5, "at \(step.sounds): \(measured) dB, asked \(asked) dB")
                #expect(abs(speech[index] - speech[reference]) <= 0.5, "speech at \(step.sounds): \(speech)")
            }
        }
    }

    /// The next sound on the monitor once `send` has run: from 100 ms of silence before it to the
    /// silence after it (100 ms at or below 40).
    static func clip(_ recorder: MonitorRecorder, _ send: () throws -> Void) throws -> [Int16] {
        let quiet = recorder.sampleRate / 10
        let silence = try #require(recorder.waitForSilence(after: recorder.count, length: quiet, threshold: 40))
        let before = silence + quiet
        try send()
        let onset = try #require(recorder.waitForSound(after: before, threshold: 40), "nothing was heard")
        let end = try #require(recorder.waitForSilence(after: onset, length: quiet, threshold: 40))
        return recorder.samples(in: before..<end)
    }

    /// All the clip's energy, in dB: the same sound at another gain differs by exactly that gain,
    /// wherever the recording's windows fall.
    static func energyDecibels(_ clip: [Int16]) -> Double {
        10 * log10(clip.reduce(0.0) { $0 + Double($1) * Double($1) })
    }

    private func withPlayback(_ arguments: [String], _ body: (DaemonProcess, MonitorRecorder) throws -> Void) throws {
        // Without rewinds the monitor holds every sample played (`PrivatePulseAudio.start`).
        let sound = try RecordedPulse(rewinds: false)
        defer { sound.stop() }
        let daemon = try sound.daemon(arguments)
        defer { _ = daemon.stop() }
        try body(daemon, sound.recorder)
    }
}
