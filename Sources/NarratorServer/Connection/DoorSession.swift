import NarratorWire

/// One door's protocol over a connection, once decoded: what it asks the conductor for each message,
/// what it answers, and how it words a notification. Pure: no NIO; `SessionHandler` carries the
/// connection's life around it, the same for every door.
protocol DoorSession: SendableMetatype {
    /// A message as the door's codec hands it on.
    associatedtype Inbound

    /// The connection opened: what the door asks before any message (SSIP's opening requests).
    mutating func open(ask: ConductorShell.Desk)
    /// One message: the conductor asked through `ask`, and the door's answer.
    mutating func answer(_ message: Inbound, ask: ConductorShell.Desk) -> DoorAnswer
    /// A notification of the conductor for this client, in the door's words; nil: nothing to send.
    mutating func word(_ notification: Notification) -> String?
}

extension DoorSession {
    mutating func open(ask: ConductorShell.Desk) {}
}

/// What a door writes for a message, and what the connection does next.
struct DoorAnswer {
    enum Next {
        /// Read the next message.
        case read
        /// Tell the handlers before the session (SSIP's framing: a `SPEAK` block follows).
        case tell(any Sendable)
        /// The client said goodbye: close once the answer is written.
        case close
    }

    /// The answer's text with its line ending; nil: nothing (a request that wants no answer).
    var text: String?
    var next = Next.read
}

/// The narrator's own protocol: each request answered by the conductor's reply, each notification
/// written as it is. The Unix socket's door and the Wine door both speak it.
struct JSONSession: DoorSession {
    mutating func answer(_ message: ConductorShell.Asked, ask: ConductorShell.Desk) -> DoorAnswer {
        DoorAnswer(text: ask(message).line + "\n")
    }

    mutating func word(_ notification: Notification) -> String? {
        notification.line + "\n"
    }
}
