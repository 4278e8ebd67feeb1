import NarratorLocalization

/// Chooses an installed espeak-ng voice for a BCP-47 locale: region, then language, then English.
///
/// Pure: it works on the voice list read once from espeak-ng, so the whole table of choices is
/// testable without synthesizing anything. Each choice is made once per locale and name, and kept
/// (`VoiceChoices`): the list never changes.
public struct VoiceResolver: Sendable {
    public let voices: [VoiceDescription]
    /// The variants a voice name may add after a `+` (`f3` in `pl+f3`): changes of pitch, formants
    /// and breath that espeak-ng keeps in `voices/!v`, each usable with any voice.
    public let variants: [VoiceDescription]
    /// Shared by the copies of this resolver, which all have the same lists.
    let choices = VoiceChoices()

    public init(voices: [VoiceDescription], variants: [VoiceDescription] = []) {
        self.voices = voices
        self.variants = variants
    }

    /// The voice for `locale`, or an error when the tag is malformed or no voice at all is installed.
    public func resolve(_ locale: String) throws(SpeechError) -> ResolvedVoice {
        if let known = choices.voice(for: locale) { return known }
        let voice = try choose(for: locale)
        choices.remember(voice, for: locale)
        return voice
    }

    /// The voice for `locale`, chosen from the lists.
    private func choose(for locale: String) throws(SpeechError) -> ResolvedVoice {
        let tag: LanguageTag
        do {
            tag = try LanguageTag(parsing: locale)
        } catch {
            throw .invalidLocale(locale)
        }
        if let exact = preferredExact(for: tag) {
            return ResolvedVoice(requested: tag, espeakLanguage: exact.language, voice: exact.voice, match: .exact)
        }
        if let sameLanguage = bestVoice(forLanguage: tag.language) {
            // A bare language, or the language's home region (de-DE, fr-FR, ja-JP), is served by the
            // language's own voice; only another region (de-AT, fr-CA, en-AU) is a fallback.
            let home = tag.region == nil || tag.region == Self.homeRegion(of: tag.language)
            let match: ResolvedVoice.Match = home ? .exact : .languageFallback
            return ResolvedVoice(
                requested: tag, espeakLanguage: sameLanguage.language, voice: sameLanguage.voice, match: match)
        }
        if let english = bestVoice(forLanguage: "en") {
            return ResolvedVoice(
                requested: tag, espeakLanguage: english.language, voice: english.voice, match: .englishFallback)
        }
        throw .noVoices
    }

    /// espeak-ng spellings that differ from BCP-47, tried before the generic rules.
    private func preferredExact(for tag: LanguageTag) -> (language: String, voice: VoiceDescription)? {
        for candidate in Self.exactCandidates(for: tag) {
            if let voice = voice(speaking: candidate) { return (candidate, voice) }
        }
        return nil
    }

    static func exactCandidates(for tag: LanguageTag) -> [String] {
        let language = tag.language
        let region = tag.region?.lowercased()
        switch language {
        case "zh", "cmn":
            // Cantonese for Hong Kong and Macao; Mandarin otherwise. espeak-ng's plain `cmn` voice reads
            // Latin letters as English and mispronounces Chinese, so the pinyin voice is the right one.
            if region == "hk" || region == "mo" { return ["yue"] }
            return ["cmn-latn-pinyin"]
        case "yue":
            return ["yue"]
        case "no", "nn":
            return ["nb"]
        case "es":
            // Every American Spanish region is served by the Latin American voice.
            if let region, region != "es" { return ["es-\(region)", "es-419"] }
            return region == "es" ? ["es"] : []
        case "pt":
            if region == "pt" { return ["pt-pt", "pt"] }
            return region.map { ["pt-\($0)"] } ?? []
        default:
            return region.map { ["\(language)-\($0)"] } ?? []
        }
    }

    /// The region whose speech a language's unqualified espeak-ng voice is modelled on.
    static func homeRegion(of language: String) -> String {
        let exceptions = [
            "ja": "JP", "ko": "KR", "ca": "ES", "ar": "EG", "en": "GB", "sv": "SE", "da": "DK", "cs": "CZ",
            "el": "GR", "uk": "UA", "he": "IL", "hi": "IN", "fa": "IR", "vi": "VN", "et": "EE", "sl": "SI",
            "ga": "IE", "nb": "NO", "sq": "AL", "sr": "RS", "ka": "GE", "kk": "KZ", "ms": "MY", "ur": "PK",
        ]
        return exceptions[language] ?? language.uppercased()
    }

    /// A voice that lists `language` exactly, most preferred first.
    private func voice(speaking language: String) -> VoiceDescription? {
        var best: (priority: Int, voice: VoiceDescription)?
        for voice in voices {
            for entry in voice.languages where entry.tag == language {
                if best == nil || entry.priority < best!.priority { best = (entry.priority, voice) }
            }
        }
        return best?.voice
    }

    /// The preferred voice for a bare language: one that lists it, or else one of its regional voices.
    private func bestVoice(forLanguage language: String) -> (language: String, voice: VoiceDescription)? {
        if let voice = voice(speaking: language) { return (language, voice) }
        let regional = voices.filter { $0.primaryLanguage.hasPrefix(language + "-") }
        guard let first = regional.min(by: { lhs, rhs in lhs.primaryLanguage < rhs.primaryLanguage }) else {
            return nil
        }
        return (first.primaryLanguage, first)
    }
}
