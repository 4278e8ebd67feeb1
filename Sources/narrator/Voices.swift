import ArgumentParser
import NarratorSpeech

/// `narrator voices`: what espeak-ng can speak, and which voice a locale gets.
struct Voices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the installed voices, or show the voice a locale gets.")

    @Option(help: "Show the voice chosen for this BCP-47 locale, and any fallback.")
    var locale: String?

    @Option(
        help:
            "Folder holding espeak-ng-data, or the data folder itself, when it is not where espeak-ng looks by default (checked at start: one without voice data is refused)."
    )
    var espeakData: String?

    func run() throws {
        let engine = try SpeechEngine.shared(dataPath: espeakData, logger: CommandLogger.make())
        defer { engine.shutdown() }
        if let locale {
            let voice = try engine.resolver.resolve(locale)
            print("\(voice.requested)\t\(voice.espeakLanguage)\t\(voice.voice.name)\t\(voice.voice.identifier)")
            if let warning = voice.fallbackWarning { print("warning: \(warning)") }
            return
        }
        print("LANGUAGE\tNAME\tFILE\tALSO")
        for voice in engine.voices {
            let also = voice.languages.dropFirst().map(\.tag).joined(separator: ",")
            print("\(voice.primaryLanguage)\t\(voice.name)\t\(voice.identifier)\t\(also)")
        }
    }
}
