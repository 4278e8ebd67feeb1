public import NarratorVoice

/// The voices of the espeak-ng engine as the speech seam's catalog: what the daemon checks a
/// client's locale and the player's configured voices against, and `narrator config` the same way.
public struct EngineVoices: VoiceCatalog {
    public let engine: SpeechEngine
    /// Whether a fallback is logged (once per locale, as speech does); a caller that reports the
    /// fallback itself, with where the locale was written, says false.
    public let logsFallbacks: Bool

    public init(engine: SpeechEngine, logsFallbacks: Bool = true) {
        self.engine = engine
        self.logsFallbacks = logsFallbacks
    }

    public func voice(for locale: String) throws(SpeakerError) -> VoiceChoice {
        do {
            let voice = logsFallbacks ? try engine.resolveVoice(locale) : try engine.resolver.resolve(locale)
            return VoiceChoice(
                name: voice.voice.name, fallbackWarning: voice.fallbackWarning,
                substituteLanguage: voice.match == .englishFallback ? "en" : nil)
        } catch {
            throw SpeakerError(error.description)
        }
    }

    /// A variant's file name (`f2`), the name espeak-ng finds it by, from its file or its own name.
    public func variant(named name: String) throws(SpeakerError) -> String {
        do {
            return NamedVoice.fileName(try engine.resolver.variant(named: name).identifier)
        } catch {
            throw SpeakerError(error.description)
        }
    }

    public func voice(named name: String) throws(SpeakerError) -> VoiceChoice {
        do {
            return VoiceChoice(name: try engine.resolver.resolve(named: name).description, fallbackWarning: nil)
        } catch {
            throw SpeakerError(error.description)
        }
    }
}
