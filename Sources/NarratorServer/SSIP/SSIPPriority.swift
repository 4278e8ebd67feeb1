import NarratorWire

/// SSIP's five priorities, and how each becomes the narrator's: the scheduler's priority and
/// policy for the message, and which of the connection's own messages it cancels first. The table,
/// each row tied to a test, is docs/SSIP.md, "Priorities".
public enum SSIPPriority: String, Sendable, CaseIterable {
    case important, message, text, notification, progress

    /// The narrator's priority. `important` is high: it cuts anything else and is never cut. The
    /// others are low, so none of them interrupts another: `message` keeps its order, `text` and
    /// `notification` replace their own kind (`supersedes`), and each waits behind a game's speech.
    /// The screen reader's `message` and `text` are what the user asked for with a key: high, so
    /// they are heard at once, before games' default and low speech (docs/SSIP.md, R1).
    func narrator(screenReader: Bool) -> Priority {
        switch self {
        case .important: .high
        case .message, .text: screenReader ? .high : .low
        case .notification, .progress: .low
        }
    }

    /// The kinds of SSIP messages, waiting or speaking, of every SSIP connection, that a new one of
    /// this priority cancels, as SSIP says: `message` cancels text, notifications and progress;
    /// `text` and `important` cancel notifications and progress; `progress` cancels notifications.
    var cancels: [SSIPPriority] {
        switch self {
        case .important: [.notification, .progress]
        case .message: [.text, .notification, .progress]
        case .text: [.notification, .progress]
        case .notification: []
        case .progress: [.notification]
        }
    }

    /// A `notification` is spoken now or never: it expires unless it starts within 250 ms, so it
    /// is dropped when anything else speaks, yet one that replaces the notification being said has
    /// the moment that one takes to stop.
    var expiresMilliseconds: Int? {
        self == .notification ? Self.notificationMilliseconds : nil
    }

    static let notificationMilliseconds = 250

    /// The `supersedes` key: the newest `text` and `notification` replace their own kind, waiting
    /// or speaking. `progress` takes one of two keys (`SSIPProgress`): the newest replaces the one
    /// waiting but lets the one speaking finish.
    func supersedes(progress key: String) -> String? {
        switch self {
        case .important, .message: nil
        case .text: "ssip-text"
        case .notification: "ssip-notification"
        case .progress: key
        }
    }

    /// The scope of this priority's messages of one connection: `cancel` of it takes them all, and
    /// with `all_clients`, those of every SSIP connection (a JSON client's scopes do not start `ssip-`).
    var scope: String { "ssip-\(rawValue)" }
}
