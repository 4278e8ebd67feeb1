import Logging
import NarratorAudio
import NarratorSpeech
import NarratorTestSupport
import NarratorWire

/// Latencies measured on a private PulseAudio's null-sink monitor, as a listener would hear them.
///
/// A sample's time is when parec delivered it, so the figures include the recorder's own
/// latency (asked for: 5 ms): they are upper bounds of what reaches the sink.
struct PulseBench {
    let engine: SpeechEngine
    let count: Int

    /// speak() called -> first audible sample recorded on the monitor; also to the first sample
    /// above 250 (`MonitorRecorder.halvedAudible`).
    func audible() async throws {
        try await Self.withPulse(sampleRate: engine.sampleRate) { mixer, recorder in
            let sink = mixer.speech
            var latencies: [Double] = []
            var unhalved: [Double] = []
            for index in 0..<count {
                guard let before = recorder.afterSilence() else { continue }
                let start = ContinuousClock.now
                let (locale, text) = SpeechBench.phrases[index % SpeechBench.phrases.count]
                _ = try await engine.speakAndWait(
                    SpeechRequest(
                        id: AnnouncementID(rawValue: UInt64(index + 1)), text: text,
                        voice: VoiceRequest(locale: locale)),
                    to: sink)
                guard let heard = recorder.firstSound(after: before),
                    let quiet = recorder.firstSound(after: before, above: MonitorRecorder.halvedAudible)
                else { continue }
                latencies.append((heard.arrival - start).milliseconds)
                unhalved.append((quiet.arrival - start).milliseconds)
            }
            print("speak -> first audible sample on the monitor: \(Distribution(latencies).millisecondsSummary())")
            print(
                "speak -> first sample above 250: \(Distribution(unhalved).millisecondsSummary())")
        }
    }

    /// stop() called during a long utterance -> the monitor falls silent (50 ms below -36 dBFS).
    func stop() async throws {
        let text = String(
            repeating: "The introduction explains the three lanes and how to move between them. ", count: 4)
        try await Self.withPulse(sampleRate: engine.sampleRate) { mixer, recorder in
            let sink = mixer.speech
            var latencies: [Double] = []
            var inPause = 0
            for index in 0..<count {
                let id = AnnouncementID(rawValue: UInt64(index + 1))
                guard let before = recorder.afterSilence() else { continue }
                let ended = AsyncStream.makeStream(of: Void.self)
                try engine.speak(SpeechRequest(id: id, text: text), to: sink) { event in
                    switch event {
                    case .stopped, .finished, .failed: ended.continuation.finish()
                    case .started, .sentence, .mark: break
                    }
                }
                guard let onset = recorder.waitForSound(after: before) else { continue }
                // Stop a little way in (0.2-0.4 s of recorded speech), at a varying point.
                recorder.waitForSamples(onset + 4410 + (index % 10) * 441)
                let stopAt = recorder.count
                let start = ContinuousClock.now
                engine.stop(id)
                for await _ in ended.stream {}
                let lastSound = recorder.samples(in: (stopAt - 1102)..<stopAt)
                guard let silence = recorder.waitForSilence(after: stopAt, length: 3307),
                    let silent = recorder.arrival(ofSample: silence)
                else { continue }
                // Speech was already in a pause when stop was called: nothing to silence.
                if !lastSound.contains(where: { abs(Int($0)) > 200 }) {
                    inPause += 1
                    continue
                }
                latencies.append(Double((silent - start) / .nanoseconds(1)) / 1_000_000)
            }
            print(
                "stop -> silence on the monitor: \(Distribution(latencies).millisecondsSummary()), \(inPause) stops fell in a pause"
            )
        }
    }

    /// Starts a private PulseAudio, records its monitor until the recorder is warm (an idle null
    /// sink stalls new streams otherwise), and plays to it through a mixer whose speech sink `body` gets.
    /// The sink and its recording are mono (the server's downmix of the narrator's stereo, exact for
    /// centred sound), or stereo with `channels` 2 (interleaved).
    static func withPulse<Result>(
        sampleRate: Int, channels: Int = 1, _ body: (Mixer, MonitorRecorder) async throws -> Result
    ) async throws -> Result {
        let sound = try RecordedPulse(channels: channels)
        defer { sound.stop() }
        let (pulse, recorder) = (sound.pulse, sound.recorder)
        let mixer = Mixer(
            opener: try AudioOutput.device(.pulse).opener(sampleRate: sampleRate, pulseServer: pulse.server),
            sampleRate: sampleRate,
            logger: Logger(label: "bench"))
        defer { mixer.close() }
        return try await body(mixer, recorder)
    }
}

extension MonitorRecorder {
    /// Samples of recorded silence a phrase waits for: 100 ms at the null sink's rate.
    static let quietBeforePhrase = 2205

    /// Waits for 100 ms of recorded silence and returns the index where it ends. The previous
    /// phrase may still be on its way to the recorder: its tail must not be taken for the next onset.
    /// In stereo the 100 ms are counted in frames, and the index is a frame's first sample.
    func afterSilence() -> Int? {
        let quiet = Self.quietBeforePhrase * channels
        return waitForSilence(after: count, length: quiet).map { ($0 + quiet) / channels * channels }
    }

    /// A second, lower threshold. From the mixer (2026-11-23) to issue 24 the mixer halved speech, and
    /// this found the sample where the engine's own passed 500; speech is no longer halved, so the
    /// figure at 500 is that point again, and this one is kept beside it for the figures of that time.
    static let halvedAudible: Int16 = 250

    /// The first audible sample (above 500, -36 dBFS, unless told) at or after `index`, and when
    /// parec delivered it.
    func firstSound(after index: Int, above threshold: Int16 = 500) -> (index: Int, arrival: ContinuousClock.Instant)? {
        guard let onset = waitForSound(after: index, threshold: threshold), let arrival = arrival(ofSample: onset)
        else { return nil }
        return (onset, arrival)
    }
}
