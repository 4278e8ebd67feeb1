import ArgumentParser
import NarratorSpeech

/// `narrator voices`: what espeak-ng can speak, and which voice a locale gets.
struct Voices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the installed voices or their variants, or show the voice a locale gets.",
        discussion: """
            A voice for your configuration (`narrator config set voice.pl pl+f3`) is a voice's FILE (its last \
            part, pl), NAME or LANGUAGE as listed here, optionally followed by + and a variant from --variants \
            (f1 to f5 are female, m1 to m7 male).
            """)

    @Option(help: "Show the voice chosen for this BCP-47 locale, and any fallback.")
    var locale: String?

    @Flag(help: "List the variants a voice can take after a + (pl+f3), instead of the voices.")
    var variants = false

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
        if variants {
            print("VARIANT\tNAME")
            for variant in engine.resolver.variants {
                print("\(variant.identifier.split(separator: "/").last ?? "")\t\(variant.name)")
            }
            return
        }
        print("LANGUAGE\tNAME\tFILE\tALSO")
        for voice in engine.voices {
            let also = voice.languages.dropFirst().map(\.tag).joined(separator: ",")
            print("\(voice.primaryLanguage)\t\(voice.name)\t\(voice.identifier)\t\(also)")
        }
    }
}
