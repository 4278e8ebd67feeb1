import NarratorLocalization

/// One setting of the player's configuration file (docs/CONFIG.md), by its name in the file.
public enum ConfigKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    case locale
    case rate
    case pitch
    case volume
    /// The loudness of the games' sounds, 0-200 (100: as their sound books render them).
    case effectsVolume
    case output
    /// `on`: the daemon says when a language has no voice (docs/CONFIG.md); `off`, built in.
    case spokenNotices
    /// `on`, `off` or a socket path: the daemon also listens for speech-dispatcher's clients (SSIP,
    /// docs/SSIP.md); read at start only.
    case ssip
    /// `on` or `off`: the daemon also opens the Wine door (docs/WINE.md); read at start only.
    case wine
    /// Milliseconds of audible latency past which the daemon warns once (docs/CONFIG.md); none
    /// unless set.
    case latencyWarn
    /// The SSIP client names (the application of `CLIENT_NAME`) that are the player's screen reader,
    /// whose speech answers the user and is heard before games' (docs/SSIP.md); `orca` built in.
    case screenReader
    /// The voice for one language (`voice.pl`); the tag is kept lowercased, `_` read as `-`.
    case voice(language: String)

    /// The settings every file may hold once, in the order `narrator config` shows them.
    public static let fixed: [ConfigKey] = [
        .locale, .rate, .pitch, .volume, .effectsVolume, .output, .spokenNotices, .ssip, .wine, .latencyWarn,
        .screenReader,
    ]

    /// The key a name in the file means (`rate`, `voice.pt-BR`); nil for a name the file does not take.
    public init?(name: String) {
        switch name {
        case "locale": self = .locale
        case "rate": self = .rate
        case "pitch": self = .pitch
        case "volume": self = .volume
        case "effects_volume": self = .effectsVolume
        case "output": self = .output
        case "spoken_notices": self = .spokenNotices
        case "ssip": self = .ssip
        case "wine": self = .wine
        case "latency_warn_ms": self = .latencyWarn
        case "screen_reader": self = .screenReader
        default:
            guard name.hasPrefix(Self.voicePrefix), name.count > Self.voicePrefix.count else { return nil }
            self = .voice(language: LocaleIdentifier(String(name.dropFirst(Self.voicePrefix.count))).normalized)
        }
    }

    static let voicePrefix = "voice."

    /// The name as the file and `narrator config` write it.
    public var name: String {
        switch self {
        case .locale: "locale"
        case .rate: "rate"
        case .pitch: "pitch"
        case .volume: "volume"
        case .effectsVolume: "effects_volume"
        case .output: "output"
        case .spokenNotices: "spoken_notices"
        case .ssip: "ssip"
        case .wine: "wine"
        case .latencyWarn: "latency_warn_ms"
        case .screenReader: "screen_reader"
        case .voice(let language): Self.voicePrefix + language
        }
    }

    public var description: String { name }

    /// The names a file takes, for messages.
    static let allowedNames =
        "locale, rate, pitch, volume, effects_volume, output, spoken_notices, ssip, wine, latency_warn_ms, screen_reader and voice.LANGUAGE (voice.pl)"

    /// Fixed settings first, in their order, then the voices by language.
    public static func < (lhs: ConfigKey, rhs: ConfigKey) -> Bool {
        switch (lhs, rhs) {
        case (.voice(let left), .voice(let right)): left < right
        case (.voice, _): false
        case (_, .voice): true
        default: (fixed.firstIndex(of: lhs) ?? 0) < (fixed.firstIndex(of: rhs) ?? 0)
        }
    }
}
