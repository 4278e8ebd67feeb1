import Foundation
import Logging
import NarratorAudio
import NarratorCore
import NarratorSpeech
import NarratorTestSupport
import NarratorVoice
import Synchronization
import Testing

/// An earcon that starts under speech is written over the speech queued at the server (docs/AUDIO.md,
/// W17). PulseAudio's side is checked sample for sample by `EarconPlaybackTests`; this is PipeWire's
/// pulse server, whose graph can lose a quantum under load, so the chord is found by its notes.
@Suite("An earcon under speech through PipeWire's pulse server", .serialized)
struct EarconUnderSpeechPipeWireTests {
    static let rate = Double(PrivatePipeWire.sampleRate)
    static let notes = [EarconPlaybackTests.c5, EarconPlaybackTests.e5, EarconPlaybackTests.g5]

    @Test("Chords played into speech are each heard once, whole, with their three notes")
    func chordsIntoSpeech() async throws {
        let pipewire = try PrivatePipeWire.start()
        defer { pipewire.stop() }
        let recorder = try pipewire.record()
        defer { recorder.stop() }
        try #require(recorder.waitForSamples(PrivatePipeWire.sampleRate / 10), "\(pipewire.diagnostics)")
        let engine = try TestEngine.engine()
        let mixer = Mixer(
            opener: try AudioOutput.device(.pulse).opener(sampleRate: engine.sampleRate, pulseServer: pipewire.server),
            sampleRate: engine.sampleRate, logger: Logger(label: "test"))
        defer { mixer.close() }
        let chord = try EarconPlaybackTests.book().render(
            "lane_chord", arguments: EarconPlaybackTests.arguments(true, true, true),
            sampleRate: PrivatePipeWire.sampleRate)
        let ended = DispatchSemaphore(value: 0)
        let id = TestEngine.nextID()
        let before = recorder.count
        // Quiet speech, so that the chord's notes stand well above what the speech has at them.
        try engine.speak(
            SpeechRequest(id: id, text: StopTests.longText, voice: VoiceRequest(volume: 20)), to: mixer.speech
        ) {
            event in
            if case .started = event { return }
            if case .sentence = event { return }
            ended.signal()
        }
        let onset = try #require(recorder.waitForSound(after: before, threshold: 100), "\(pipewire.diagnostics)")
        // Five chords, 300 ms apart in the recording, while the speech goes on.
        var requested: [Int] = []
        for index in 1...5 {
            #expect(recorder.waitForSamples(onset + index * PrivatePipeWire.sampleRate * 3 / 10))
            requested.append(recorder.count)
            try mixer.play(mixer.centred(chord))
        }
        engine.stop(id)
        #expect(ended.wait(timeout: .now() + 20) == .success)
        let end = requested.last! + PrivatePipeWire.sampleRate / 2
        #expect(recorder.waitForSamples(end))
        let runs = chordRuns(recorder.samples(in: onset..<end))
        #expect(runs.count == 5, "\(runs.count) chords heard: \(runs)")
        for run in runs {
            let milliseconds = Double(run.count) * 5
            #expect(abs(milliseconds - 70) <= 20, "a chord heard for \(milliseconds) ms")
        }
    }

    /// The runs of 5 ms steps whose 10 ms window holds all three notes of the chord.
    private func chordRuns(_ samples: [Int16]) -> [Range<Int>] {
        let step = Int(Self.rate) / 200
        let window = 2 * step
        var runs: [Range<Int>] = []
        var start: Int?
        for index in 0..<max(0, (samples.count - window) / step) {
            let part = samples[(index * step)..<(index * step + window)]
            let holds = Self.notes.allSatisfy {
                Goertzel.amplitude(of: $0, in: part, sampleRate: Self.rate) > 1000
            }
            if holds, start == nil { start = index }
            if !holds, let first = start {
                runs.append(first..<index)
                start = nil
            }
        }
        return runs
    }
}
