import NarratorCore
import NarratorVoice

/// One connected client, as the conductor sees it.
struct Session {
    enum Subscription {
        case none
        case own
        case all
    }

    let id: ClientID
    /// Queues one notification for the client; the connection writes it. Replies never go here.
    let notifications: @Sendable (String) -> Void
    var name: String
    var voice: VoiceRequest
    /// The profile whose tables, event map and sounds this client's requests use.
    var profile: LoadedProfile
    var subscription = Subscription.none

    func wants(notificationsOf owner: ClientID) -> Bool {
        switch subscription {
        case .none: false
        case .own: owner == id
        case .all: true
        }
    }
}
