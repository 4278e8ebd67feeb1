import ArgumentParser
import Logging
import NarratorSpeech

/// `narrator say`: speak a text once, without the daemon.
struct Say: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Speak a text now, without the daemon.",
        discussion: "Reads the text from standard input when TEXT is -. Exits when the speech has been played."
    )

    @Argument(help: "The text to speak, or - to read it from standard input.")
    var text: String

    @OptionGroup var speech: SpeechOptions

    func run() async throws {
        let logger = CommandLogger.make()
        let words = text == "-" ? StandardStreams.readInput() : text
        let engine = try SpeechEngine.shared(dataPath: speech.espeakData, logger: logger)
        let sink = try speech.audioOutput.open(sampleRate: engine.sampleRate, logger: logger)
        defer {
            sink.close()
            engine.shutdown()
        }
        let outcome = try await engine.speakAndWait(Utterance(id: 1, text: words, voice: speech.voice), to: sink)
        if case .failed(let error) = outcome { throw error }
    }
}
