import ArgumentParser
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
        let words = text == "-" ? StandardStreams.readInput() : text
        var session = try SpeechSession(
            output: speech.audioOutput, espeakData: speech.espeakData, logger: CommandLogger.make())
        defer { session.close() }
        try await session.say(words, voice: speech.voice)
    }
}
