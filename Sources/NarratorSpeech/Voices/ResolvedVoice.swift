public import NarratorLocalization

/// The voice chosen for a requested locale, and how far the choice had to fall back.
public struct ResolvedVoice: Sendable, Hashable {
    /// How the voice relates to what was asked for.
    public enum Match: Sendable, Hashable {
        /// A voice for the language and region (or the language when no region was asked).
        case exact
        /// No voice for the region; another voice of the same language.
        case languageFallback
        /// No voice for the language at all; English.
        case englishFallback
    }

    /// The locale as it was requested, normalized (`pt-BR`).
    public let requested: LanguageTag
    /// The language string given to `espeak_SetVoiceByProperties` (`pt-br`, `cmn-latn-pinyin`).
    public let espeakLanguage: String
    /// The installed voice that speaks it.
    public let voice: VoiceDescription
    public let match: Match
    /// The voice the player named for this language (`VoiceRequest.voice`), spoken instead of `voice`.
    public var named: NamedVoice?

    /// One line for the log when the voice is not the one asked for; nil for an exact match.
    public var fallbackWarning: String? {
        switch match {
        case .exact:
            return nil
        case .languageFallback:
            return "No espeak-ng voice for \(requested); using \(espeakLanguage) (\(voice.name)) instead."
        case .englishFallback:
            return "No espeak-ng voice for the language of \(requested); using English (\(espeakLanguage)) instead."
        }
    }
}
