import ArgumentParser
import Logging
import NarratorSpeech

/// `narrator-bench speech`: how fast speech starts and stops, and what it costs in memory.
struct SpeechBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speech",
        abstract: "Speak to first PCM chunk, to first audible sample, stop to silence, and RSS.",
        discussion: """
            first-chunk and memory use the memory and null sinks. audible and stop start a private \
            PulseAudio with a null sink and record its monitor with parec (pulseaudio-utils).
            """
    )

    enum Measure: String, ExpressibleByArgument, CaseIterable {
        case firstChunk = "first-chunk"
        case audible
        case stop
        case memory
    }

    @Argument(help: "Which measurement: \(Measure.allCases.map(\.rawValue).joined(separator: ", ")).")
    var measure: Measure

    @Option(help: "Number of utterances to measure.")
    var count = 200

    static let phrases = [
        ("en", "Two lives remaining."), ("de", "Noch zwei Leben."), ("es", "Quedan dos vidas."),
        ("fr", "Il reste deux vies."), ("ru", "Осталось две жизни."),
    ]

    func run() async throws {
        var logger = Logger(label: "narrator.bench")
        logger.logLevel = .error
        let baseline = ProcessMemory.residentKiB
        let engine = try SpeechEngine.shared(logger: logger)
        switch measure {
        case .firstChunk: try await firstChunk(engine)
        case .memory:
            print("RSS before espeak-ng: \(baseline) KiB; after initializing it: \(ProcessMemory.residentKiB) KiB")
            try await memory(engine)
        case .audible: try await PulseBench(engine: engine, count: count).audible()
        case .stop: try await PulseBench(engine: engine, count: count).stop()
        }
        engine.shutdown()
    }

    /// speak() called -> first PCM chunk stored in a memory sink; same voice, and switching voices.
    private func firstChunk(_ engine: SpeechEngine) async throws {
        for switching in [false, true] {
            var latencies: [Double] = []
            for index in 0..<count {
                let (locale, text) = switching ? Self.phrases[index % Self.phrases.count] : Self.phrases[0]
                let sink = MemorySink()
                let id = UInt64(index + 1)
                let start = ContinuousClock.now
                _ = try await engine.speakAndWait(
                    Utterance(id: id, text: text, voice: VoiceSettings(locale: locale)), to: sink)
                guard let first = sink.recordings.first?.firstChunkAt else { continue }
                latencies.append(Double((first - start) / .nanoseconds(1)) / 1_000_000)
            }
            let label = switching ? "switching voices (5 languages)" : "same voice (en)"
            print("speak -> first PCM chunk, \(label): \(Distribution(latencies).millisecondsSummary())")
        }
    }

    /// RSS after initializing espeak-ng and speaking `count` utterances in 5 languages to the null sink.
    private func memory(_ engine: SpeechEngine) async throws {
        let sink = NullSink()
        for index in 0..<count {
            let (locale, text) = Self.phrases[index % Self.phrases.count]
            _ = try await engine.speakAndWait(
                Utterance(id: UInt64(index + 1), text: text, voice: VoiceSettings(locale: locale)), to: sink)
        }
        print(
            "after \(count) utterances in 5 languages: RSS \(ProcessMemory.residentKiB) KiB, peak \(ProcessMemory.peakKiB) KiB"
        )
    }
}
