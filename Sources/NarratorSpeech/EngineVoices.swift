public import NarratorVoice

/// The voices of the espeak-ng engine as the speech seam's catalog: what the daemon checks a
/// client's locale and the player's configured voices against, and `narrator config` the same way.
public struct EngineVoices: VoiceCatalog {
    /// The lists the choices are made from.
    public let resolver: VoiceResolver
    /// Where a fallback is logged (once per locale, as speech does); nil: not logged, for a caller
    /// that reports the fallback itself, with where the locale was written, or decides without I/O.
    public let engine: SpeechEngine?

    public init(engine: SpeechEngine, logsFallbacks: Bool = true) {
        self.resolver = engine.resolver
        self.engine = logsFallbacks ? engine : nil
    }

    /// The voices as a value of their own: the same lists, with choices kept apart from the engine's,
    /// so a lookup never takes a lock the speech thread takes. Logs nothing.
    public static func snapshot(of engine: SpeechEngine) -> EngineVoices {
        EngineVoices(resolver: VoiceResolver(voices: engine.resolver.voices, variants: engine.resolver.variants))
    }

    private init(resolver: VoiceResolver) {
        self.resolver = resolver
        self.engine = nil
    }

    public func voice(for locale: String) throws(SpeakerError) -> VoiceChoice {
        do {
            let voice: ResolvedVoice
            if let engine { voice = try engine.resolveVoice(locale) } else { voice = try resolver.resolve(locale) }
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
            return NamedVoice.fileName(try resolver.variant(named: name).identifier)
        } catch {
            throw SpeakerError(error.description)
        }
    }

    public func voice(named name: String) throws(SpeakerError) -> VoiceChoice {
        do {
            return VoiceChoice(name: try resolver.resolve(named: name).description, fallbackWarning: nil)
        } catch {
            throw SpeakerError(error.description)
        }
    }
}
