import NarratorLocalization
import NarratorVoice

/// The voices of speech-dispatcher's output module, as it listed them on connecting: a value.
struct DispatcherVoices: VoiceCatalog {
    /// The output module that speaks (`espeak-ng`).
    let module: String
    /// The languages its voices speak (`en`, `en-gb`), lowercased.
    let languages: Set<String>

    /// The voice speech-dispatcher's module has for `locale`, from the languages its voices listed on
    /// connecting; a locale it has no voice for is spoken by its default voice, with a warning.
    func voice(for locale: String) throws(SpeakerError) -> VoiceChoice {
        let tag: LanguageTag
        do {
            tag = try LanguageTag(parsing: locale)
        } catch {
            throw SpeakerError(error.description)
        }
        let name = "speech-dispatcher \(module)"
        let regional = tag.region.map { "\(tag.language)-\($0)".lowercased() }
        if languages.isEmpty || regional.map(languages.contains) == true {
            return VoiceChoice(name: "\(name) (\(regional ?? tag.language))", fallbackWarning: nil)
        }
        if languages.contains(tag.language) || languages.contains(where: { $0.hasPrefix(tag.language + "-") }) {
            let warning = regional.map {
                "speech-dispatcher's \(module) has no voice for \($0); it speaks \(tag.language)"
            }
            return VoiceChoice(name: "\(name) (\(tag.language))", fallbackWarning: warning)
        }
        return VoiceChoice(
            name: "\(name) (default voice)",
            fallbackWarning:
                "speech-dispatcher's \(module) has no voice for \(locale); it speaks with its default voice")
    }

    /// speech-dispatcher speaks with the voices its player chose for it: a voice named in the
    /// narrator's configuration (an espeak-ng name) is accepted and not used, with a warning.
    func voice(named name: String) throws(SpeakerError) -> VoiceChoice {
        VoiceChoice(
            name: "speech-dispatcher \(module)",
            fallbackWarning:
                "speech-dispatcher speaks with its own voices: the voice \(name) is used only with --speech espeak")
    }
}
