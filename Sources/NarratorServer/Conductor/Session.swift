import NarratorCore
import NarratorVoice
import NarratorWire

/// One connected client, as the conductor sees it.
struct Session {
    enum Subscription {
        case none
        case own
        case all
    }

    let id: ClientID
    var name: String
    /// What the client chose of its voice (`hello`'s locale, `set`); the rest follows the daemon's
    /// defaults, also when a SIGHUP changes them.
    var own = OwnVoice()
    /// The name of the profile whose tables, event map and sounds this client's requests use.
    var profile: String
    var subscription = Subscription.none
    /// The player named a client of this name their screen reader (`screen_reader`), as it named
    /// itself (`hello`); what its door does with that is the door's (SSIP: docs/SSIP.md).
    var screenReader = false
    /// Whether it also wants the latencies measured after an announcement's end (`latency` lines).
    var wantsLatency = false
    /// The languages whose missing voice this client has been told of (`spokenNotices`).
    var toldMissingVoice: Set<String> = []

    func wants(notificationsOf owner: ClientID) -> Bool {
        switch subscription {
        case .none: false
        case .own: owner == id
        case .all: true
        }
    }
}

/// The parts of a voice one client chose for itself, and the volume of its sounds; nil follows the
/// daemon's default.
struct OwnVoice: Hashable {
    var locale: String?
    var rate: Int?
    var pitch: Int?
    var volume: Int?
    var effectsVolume: Int?
    var variant: String?
    var punctuation: Punctuation?
    var capitals: CapitalLetters?
    var spelling: Bool?

    /// The client's voice: its own choices over `defaults` (docs/CONFIG.md, precedence).
    func over(_ defaults: VoiceRequest) -> VoiceRequest {
        VoiceRequest(
            locale: locale ?? defaults.locale, rate: rate ?? defaults.rate, pitch: pitch ?? defaults.pitch,
            volume: volume ?? defaults.volume, variant: variant ?? defaults.variant,
            punctuation: punctuation ?? defaults.punctuation, capitals: capitals ?? defaults.capitals)
    }
}
