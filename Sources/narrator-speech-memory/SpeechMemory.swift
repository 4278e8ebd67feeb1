import Logging
import NarratorAudio
import NarratorSpeech
import NarratorSystem
import NarratorWire

/// `narrator-speech-memory [COUNT]`: RSS of a process that initialized espeak-ng and spoke COUNT
/// (default 100) utterances in 5 languages to the null sink. Results in docs/BENCHMARKS.md.
@main
struct SpeechMemory {
    static let phrases = [
        ("en", "Two lives remaining."), ("de", "Noch zwei Leben."), ("es", "Quedan dos vidas."),
        ("fr", "Il reste deux vies."), ("ru", "Осталось две жизни."),
    ]

    static func main() async throws {
        let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100
        let before = ProcessMemory.residentKiB
        var logger = Logger(label: "narrator.bench")
        logger.logLevel = .error
        let engine = try SpeechEngine.shared(logger: logger)
        let initialized = ProcessMemory.residentKiB
        let sink = Mixer.null(sampleRate: engine.sampleRate).speech
        for index in 0..<count {
            let (locale, text) = phrases[index % phrases.count]
            _ = try await engine.speakAndWait(
                SpeechRequest(
                    id: AnnouncementID(rawValue: UInt64(index + 1)), text: text, voice: VoiceRequest(locale: locale)),
                to: sink)
        }
        print(
            "RSS before espeak-ng \(before) KiB, after initializing it \(initialized) KiB, after \(count) utterances "
                + "in 5 languages \(ProcessMemory.residentKiB) KiB (peak \(ProcessMemory.peakKiB) KiB)")
        engine.shutdown()
    }
}
