import NarratorCore
import NarratorSpeech

/// One connected client, as the conductor sees it.
struct Session {
    enum Subscription {
        case none
        case own
        case all
    }

    let id: ClientID
    /// Sends one line to the client (queued; the connection writes it).
    let send: @Sendable (String) -> Void
    var name: String
    var voice: VoiceSettings
    var subscription = Subscription.none

    func wants(notificationsOf owner: ClientID) -> Bool {
        switch subscription {
        case .none: false
        case .own: owner == id
        case .all: true
        }
    }
}
