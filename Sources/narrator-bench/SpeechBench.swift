import ArgumentParser
import Logging
import NarratorAudio
import NarratorSpeech
import NarratorSystem
import NarratorWire

/// `narrator-bench speech`: how fast speech starts and stops.
struct SpeechBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speech",
        abstract: "Speak to first PCM chunk, to first audible sample, and stop to silence.",
        discussion: """
            first-chunk uses the memory sink (memory: see the narrator-speech-memory executable). audible and stop start a private \
            PulseAudio with a null sink and record its monitor with parec (pulseaudio-utils).
            """
    )

    enum Measure: String, ExpressibleByArgument, CaseIterable {
        case firstChunk = "first-chunk"
        case audible
        case stop
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
        let engine = try SpeechEngine.shared(logger: logger)
        switch measure {
        case .firstChunk: try await firstChunk(engine)
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
                let id = AnnouncementID(rawValue: UInt64(index + 1))
                let start = ContinuousClock.now
                _ = try await engine.speakAndWait(
                    SpeechRequest(id: id, text: text, voice: VoiceRequest(locale: locale)), to: sink)
                guard let first = sink.recordings.first?.firstChunkAt else { continue }
                latencies.append(Double((first - start) / .nanoseconds(1)) / 1_000_000)
            }
            let label = switching ? "switching voices (5 languages)" : "same voice (en)"
            print("speak -> first PCM chunk, \(label): \(Distribution(latencies).millisecondsSummary())")
        }
    }
}
