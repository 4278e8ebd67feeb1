import Foundation
import Logging
import NarratorAudio
import NarratorSpeech
import NarratorTestSupport
import NarratorVoice
import Testing

/// Real playback: a private PulseAudio with a null sink, recorded from its monitor.
@Suite("Playback through PulseAudio", .serialized)
struct PulsePlaybackTests {
    @Test("Two lives remaining, played through the mixer, is what the monitor records")
    func playsSpeech() async throws {
        try await withMixerOnPulse { engine, mixer, recorder in
            let sink = mixer.speech
            // Tee the played synthesis into memory: that exact audio is the reference.
            let memory = MemorySink()
            let id = TestEngine.nextID()
            let before = recorder.count
            let outcome = try await engine.speakAndWait(
                SpeechRequest(id: id, text: "Two lives remaining"), to: TeeSink(sink, memory))
            #expect(outcome == .finished(id))
            let reference = memory.samples(of: id)

            let onset = try #require(recorder.waitForSound(after: before), "nothing audible was recorded")
            #expect(recorder.waitForSamples(onset + reference.count + 2205))
            let recorded = recorder.samples(in: (onset - 500)..<(onset + reference.count + 2205))
            let score = bestCorrelation(reference, in: recorded)
            #expect(score > 0.9, "correlation with the memory render: \(score)")
        }
    }

    @Test("A stop silences the device at once, and the next utterance plays normally")
    func stopSilencesDevice() async throws {
        try await withMixerOnPulse { engine, mixer, recorder in
            let sink = mixer.speech
            let id = TestEngine.nextID()
            let before = recorder.count
            let finished = AsyncStream.makeStream(of: SpeakerEvent.self)
            try engine.speak(SpeechRequest(id: id, text: StopTests.longText), to: sink) { event in
                if case .stopped = event { finished.continuation.yield(event) }
                if case .finished = event { finished.continuation.yield(event) }
            }
            let onset = try #require(recorder.waitForSound(after: before), "nothing audible was recorded")
            // Let a little speech through, measured in recorded audio rather than wall time.
            #expect(recorder.waitForSamples(onset + 4410))
            let stopIndex = recorder.count
            engine.stop(id)
            let silence = try #require(recorder.waitForSilence(after: stopIndex, length: 4410))
            var iterator = finished.stream.makeAsyncIterator()
            let last = await iterator.next()
            guard case .stopped = last else {
                Issue.record("expected stopped, got \(String(describing: last))")
                return
            }
            // The whole text lasts ~9 s; after the stop at most a device buffer may still sound.
            let tail = Double(silence - stopIndex) / Double(PrivatePulseAudio.sampleRate)
            #expect(tail < 0.15, "\(tail) s of speech after the stop")

            let after = recorder.count
            let nextID = TestEngine.nextID()
            let next = try await engine.speakAndWait(SpeechRequest(id: nextID, text: "Pause."), to: sink)
            #expect(next == .finished(nextID))
            #expect(recorder.waitForSound(after: after) != nil)
        }
    }
}

/// Starts a private PulseAudio, a recorder on its monitor (warm: an idle null sink stalls a new
/// stream for ~2 s unless a recorder has been running, so two seconds of recorded audio are awaited,
/// not a clock), the engine, and a mixer playing to that server; runs `body` with them.
func withMixerOnPulse(
    rewinds: Bool = true, _ body: (SpeechEngine, Mixer, MonitorRecorder) async throws -> Void
) async throws {
    let sound = try RecordedPulse(rewinds: rewinds)
    defer { sound.stop() }
    let (pulse, recorder) = (sound.pulse, sound.recorder)
    let engine = try TestEngine.engine()
    let mixer = Mixer(
        opener: try AudioOutput.device(.pulse).opener(sampleRate: engine.sampleRate, pulseServer: pulse.server),
        sampleRate: engine.sampleRate, logger: Logger(label: "test"))
    defer { mixer.close() }
    #expect(mixer.status.isWorking)
    try await body(engine, mixer, recorder)
}

/// Highest normalized cross-correlation of `reference` against any alignment within `recording`.
func bestCorrelation(_ reference: [Int16], in recording: [Int16]) -> Double {
    guard recording.count >= reference.count else { return 0 }
    let ref = reference.map(Double.init)
    let refEnergy = ref.reduce(0) { $0 + $1 * $1 }
    var best = 0.0
    for lag in 0...(recording.count - reference.count) {
        var dot = 0.0
        var energy = 0.0
        for index in 0..<ref.count {
            let value = Double(recording[lag + index])
            dot += ref[index] * value
            energy += value * value
        }
        if energy > 0 { best = max(best, dot / (refEnergy * energy).squareRoot()) }
    }
    return best
}

extension Mixer {
    /// A mono sound placed at the centre in this mixer's channels: each sample in both, exactly as a
    /// sound book renders the centre (the pan law's gains there are 1). A mono sink's downmix of it,
    /// (left + right) / 2, is the mono sound again, sample for sample.
    func centred(_ mono: [Int16]) -> [Int16] { channels == 2 ? mono.flatMap { [$0, $0] } : mono }
}
