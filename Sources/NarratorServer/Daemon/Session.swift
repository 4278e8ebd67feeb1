import NarratorCore
import NarratorVoice

/// What a line queued for a client is. A reply is never dropped; notifications are, for a client
/// that leaves thousands of lines unread.
public enum LineKind: Sendable {
    case reply
    case notification
}

/// One connected client, as the conductor sees it.
struct Session {
    enum Subscription {
        case none
        case own
        case all
    }

    let id: ClientID
    /// Queues one line for the client; the connection writes it.
    let send: @Sendable (String, LineKind) -> Void
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
