import ArgumentParser
import Logging
import NarratorAudio
import NarratorServer
import NarratorSpeech

/// `narrator say`: speak a text once, without the daemon.
struct Say: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Speak a text now, without the daemon.",
        discussion: """
            Reads the text from standard input when TEXT is -. Exits when the speech has been played. Speaks in \
            your settings (docs/CONFIG.md: locale, rate, pitch, volume, output and the voice for the language), \
            read as the daemon reads them; the options below override them.
            """
    )

    @Argument(help: "The text to speak, or - to read it from standard input.")
    var text: String

    @OptionGroup var speech: SpeechOptions

    func run() async throws {
        let words = text == "-" ? StandardStreams.readInput() : text
        let logger = CommandLogger.make()
        let settingsPath = try ConfigLocation.path(given: speech.config)
        var voice = VoiceRequest()
        var session = try SpeechSession(espeakData: speech.espeakData, logger: logger) { voices in
            let settings = UserConfig(
                path: settingsPath, commandLine: speech.commandLineSettings,
                checks: ConfigLocation.checks(voices: voices))
            let defaults = try ConfigLocation.defaults(settings, logger: logger)
            voice = VoiceRequest(
                locale: defaults.voice.locale, rate: defaults.voice.rate, pitch: defaults.voice.pitch,
                volume: defaults.voice.volume, voice: defaults.voiceName(for: defaults.voice.locale))
            return try AudioOutput.parsing(defaults.output)
        }
        defer { session.close() }
        try await session.say(words, voice: voice)
    }
}
