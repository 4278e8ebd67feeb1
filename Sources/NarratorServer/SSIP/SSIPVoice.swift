/// A voice of the speech system, as `LIST SYNTHESIS_VOICES` shows it and `SET SYNTHESIS_VOICE`
/// takes it: its name, its language, and its variant (`none`). The command line hands the list
/// over (the speech system's own list, read once at start); the daemon links no speech library.
public struct SSIPVoice: Sendable, Hashable {
    public var name: String
    public var language: String
    public var variant: String

    public init(name: String, language: String, variant: String = "none") {
        self.name = name
        self.language = language
        self.variant = variant
    }
}

/// What an SSIP connection set of its voice, in SSIP's terms, for `GET`. Rate, pitch, volume,
/// language and voice type reach the narrator as its own `set` (`SSIPScale`, `variants`); SSIP's
/// values are kept for `GET`, which reads punctuation, capitals and spelling from the narrator.
struct SSIPVoiceSettings: Equatable {
    var rate = 0
    var pitch = 0
    var pitchRange = 0
    var volume = 100
    var language: String?
    var voiceType = "MALE1"
    var synthesisVoice: String?
    var pauseContext = 0

    /// The symbolic voices every SSIP server lists (doc/ssip.texi, "Standard Voices").
    static let voiceTypes = [
        "MALE1", "MALE2", "MALE3", "FEMALE1", "FEMALE2", "FEMALE3", "CHILD_MALE", "CHILD_FEMALE",
    ]

    /// The espeak-ng variant (`narrator voices --variants`) each standard voice takes: `male2`,
    /// `female1`... by their own names; MALE1, SSIP's default, is the voice as it is (the user's, as
    /// for a client that sets nothing). espeak-ng has no child's voice: Zac, whose raised formants make
    /// a shorter throat, stands in for a boy, and Anika, its highest-pitched female variant, for a girl.
    static let variants: [String: String?] = [
        "MALE1": nil, "MALE2": "m2", "MALE3": "m3", "FEMALE1": "f1", "FEMALE2": "f2", "FEMALE3": "f3",
        "CHILD_MALE": "zac", "CHILD_FEMALE": "anika",
    ]

    /// The standard voice a variant is, if it is one of them.
    static func voiceType(of variant: String?) -> String? {
        guard let variant else { return "MALE1" }
        return variants.first { $0.value?.lowercased() == variant.lowercased() }?.key
    }
}

/// SSIP's -100...100 scales onto the narrator's settings. 0 (SSIP's default) and a volume of 100
/// (speech-dispatcher's default) send `null`: the user's own setting applies, as for a game that
/// sets nothing (docs/CONFIG.md).
enum SSIPScale {
    /// Words a minute: -100 is 80, 0 the built-in 175, 100 is 450 (the narrator's range).
    static func rate(_ value: Int) -> Int? {
        guard value != 0 else { return nil }
        return value < 0 ? 175 + value * (175 - 80) / 100 : 175 + value * (450 - 175) / 100
    }

    /// 0-100, 50 the voice's own.
    static func pitch(_ value: Int) -> Int? {
        value == 0 ? nil : 50 + value / 2
    }

    /// 0-100 of the narrator's 0-200: SSIP's loudest is the narrator's normal, never louder.
    static func volume(_ value: Int) -> Int? {
        value == 100 ? nil : (value + 100) / 2
    }

    /// The narrator's words a minute in SSIP's scale, the nearest value that leads to it.
    static func rateBack(_ rate: Int) -> Int {
        let value = rate >= 175 ? Double(rate - 175) * 100 / (450 - 175) : Double(rate - 175) * 100 / (175 - 80)
        return min(100, max(-100, Int(value.rounded())))
    }

    static func pitchBack(_ pitch: Int) -> Int { min(100, max(-100, (pitch - 50) * 2)) }

    /// Louder than the narrator's normal is SSIP's loudest.
    static func volumeBack(_ volume: Int) -> Int { min(100, max(-100, volume * 2 - 100)) }
}
