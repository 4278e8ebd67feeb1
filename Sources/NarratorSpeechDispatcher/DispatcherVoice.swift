public import NarratorVoice

/// The settings one speech-dispatcher connection speaks with, on speech-dispatcher's scales.
///
/// The player's own choices win unless someone asked for something else: a request in the
/// player's configured language keeps their voice, and rate, pitch and volume are sent only when
/// they differ from Narrator's defaults (a client's `set`, or a game's own choice); otherwise the
/// values speech-dispatcher gave this connection when it opened (the player's configuration) stay.
public struct DispatcherVoice: Sendable, Hashable {
    /// The language as speech-dispatcher takes it (`en`, `pt-BR`).
    public var language: String
    /// -100...100; 0 is the module's normal rate.
    public var rate: Int
    /// -100...100; 0 is the voice's own pitch.
    public var pitch: Int
    /// -100...100; 100 is the loudest.
    public var volume: Int

    public init(language: String, rate: Int, pitch: Int, volume: Int) {
        self.language = language
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
    }

    /// What `request` becomes on a connection whose configured settings are `configured`.
    public static func choose(_ request: VoiceRequest, configured: DispatcherVoice) -> DispatcherVoice {
        let defaults = VoiceRequest()
        var voice = configured
        let asked = languageCode(request.locale)
        if primaryLanguage(asked) != primaryLanguage(configured.language) { voice.language = asked }
        if request.rate != defaults.rate { voice.rate = rate(wordsPerMinute: request.rate) }
        if request.pitch != defaults.pitch { voice.pitch = clamp((request.pitch - 50) * 2) }
        if request.volume != defaults.volume { voice.volume = clamp(request.volume - 100) }
        return voice
    }

    /// Words per minute on speech-dispatcher's -100...100, with the scale of its espeak-ng module
    /// (80 slowest, 170 normal, 449 fastest); other modules place their normal rate near 0 too.
    public static func rate(wordsPerMinute: Int) -> Int {
        let normal = 170
        if wordsPerMinute <= normal { return clamp((wordsPerMinute - normal) * 100 / (normal - 80)) }
        return clamp((wordsPerMinute - normal) * 100 / (449 - normal))
    }

    /// `pt_BR.UTF-8` -> `pt-BR`: the tag without encoding or modifier, `-` between parts.
    static func languageCode(_ locale: String) -> String {
        var core = Substring(locale)
        if let cut = core.firstIndex(where: { $0 == "." || $0 == "@" }) { core = core[..<cut] }
        return String(core.map { $0 == "_" ? "-" : $0 })
    }

    static func primaryLanguage(_ code: String) -> String {
        String(code.split(separator: "-").first ?? "").lowercased()
    }

    private static func clamp(_ value: Int) -> Int { min(100, max(-100, value)) }
}
