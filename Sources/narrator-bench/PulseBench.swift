import Foundation
import Logging
import NarratorSpeech
import NarratorTestSupport

/// Latencies measured on a private PulseAudio's null-sink monitor, as a listener would hear them.
///
/// A sample's time is when parec delivered it (its block's arrival, less the samples after it),
/// so the figures include the recorder's own latency (asked for: 5 ms): they are upper bounds.
struct PulseBench {
    let engine: SpeechEngine
    let count: Int

    /// speak() called -> first audible sample recorded on the monitor.
    func audible() async throws {
        try await withPulse { sink, recorder in
            var latencies: [Double] = []
            for index in 0..<count {
                let before = recorder.count
                let start = ContinuousClock.now
                let (locale, text) = SpeechBench.phrases[index % SpeechBench.phrases.count]
                _ = try await engine.speakAndWait(
                    Utterance(id: UInt64(index + 1), text: text, voice: VoiceSettings(locale: locale)), to: sink)
                guard let onset = recorder.waitForSound(after: before), let heard = recorder.arrival(ofSample: onset)
                else { continue }
                latencies.append(Double((heard - start) / .nanoseconds(1)) / 1_000_000)
            }
            print("speak -> first audible sample on the monitor: \(Distribution(latencies).millisecondsSummary())")
        }
    }

    /// stop() called during a long utterance -> the monitor falls silent (50 ms below -36 dBFS).
    func stop() async throws {
        let text = String(
            repeating: "The introduction explains the three lanes and how to move between them. ", count: 4)
        try await withPulse { sink, recorder in
            var latencies: [Double] = []
            for index in 0..<count {
                let id = UInt64(index + 1)
                let before = recorder.count
                let ended = AsyncStream.makeStream(of: Void.self)
                try engine.speak(Utterance(id: id, text: text), to: sink) { event in
                    switch event {
                    case .stopped, .finished, .failed: ended.continuation.finish()
                    case .started, .boundary: break
                    }
                }
                guard let onset = recorder.waitForSound(after: before) else { continue }
                // Stop a little way in (0.2-0.4 s of recorded speech), at a varying point.
                recorder.waitForSamples(onset + 4410 + (index % 10) * 441)
                let stopAt = recorder.count
                let start = ContinuousClock.now
                engine.stop(id)
                for await _ in ended.stream {}
                guard let silence = recorder.waitForSilence(after: stopAt, length: 1102),
                    let quiet = recorder.arrival(ofSample: silence)
                else { continue }
                latencies.append(max(0, Double((quiet - start) / .nanoseconds(1)) / 1_000_000))
            }
            print("stop -> silence on the monitor: \(Distribution(latencies).millisecondsSummary())")
        }
    }

    private func withPulse(_ body: (any AudioSink, MonitorRecorder) async throws -> Void) async throws {
        let pulse = try PrivatePulseAudio.start()
        defer { pulse.stop() }
        let recorder = try pulse.record()
        defer { recorder.stop() }
        recorder.waitForSamples(2 * PrivatePulseAudio.sampleRate)
        setenv("PULSE_SERVER", pulse.server, 1)
        let sink = try PCAudioSink(backend: .pulse, sampleRate: engine.sampleRate, logger: Logger(label: "bench"))
        defer { sink.close() }
        try await body(sink, recorder)
    }
}
