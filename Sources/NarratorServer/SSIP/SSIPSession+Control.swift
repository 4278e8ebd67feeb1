import NarratorWire

extension SSIPSession {
    /// Whose speech or settings a target names: this client's, everyone's, or another client's by its
    /// number. Of speech, the conductor's error for a number no client has is not passed on: SSIP's "if
    /// there is none such, do nothing" (speech-dispatcher answers `PAUSE` and `RESUME` of such a number
    /// with OK too).
    enum Whose: Equatable {
        case own, everyone
        case other(ClientID)
    }

    func whose(_ target: SSIPTarget) -> Whose {
        switch target {
        case .this: .own
        case .all: .everyone
        case .client(let number) where number == client.rawValue: .own
        case .client(let number): .other(ClientID(rawValue: number))
        }
    }

    /// `STOP`: the message being heard ends (`cancelled`); the queues stay. Of this client, the message's
    /// scope is cancelled, so a block's messages go together; of another client or of all, the narrator's
    /// `cancel` of what is being heard, which takes the rest of its block too (C25).
    func stop(_ target: SSIPTarget, ask: Ask) -> SSIPReply {
        switch whose(target) {
        case .everyone:
            _ = ask(.cancel(scope: nil, allClients: true, speaking: true))
        case .other(let other):
            _ = ask(.cancel(scope: nil, allClients: false, speaking: true, client: other))
        case .own:
            if let speaking = ask.open().speaking, let message = messages[speaking] {
                _ = ask(.cancel(scope: message.scope, allClients: false))
            }
        }
        return SSIPReply(210, "OK STOPPED")
    }

    /// `CANCEL`: the client's messages (or everyone's, or another client's), heard and waiting, end.
    func cancel(_ target: SSIPTarget, ask: Ask) -> SSIPReply {
        switch whose(target) {
        case .own: _ = ask(.cancel(scope: nil, allClients: false))
        case .everyone: _ = ask(.cancel(scope: nil, allClients: true))
        case .other(let other): _ = ask(.cancel(scope: nil, allClients: false, client: other))
        }
        return SSIPReply(213, "OK CANCELED")
    }

    func pause(_ target: SSIPTarget, ask: Ask) -> SSIPReply {
        switch whose(target) {
        case .own:
            _ = ask(.pause(allClients: false))
        case .everyone: _ = ask(.pause(allClients: true))
        case .other(let other): _ = ask(.pause(allClients: false, client: other))
        }
        return SSIPReply(211, "OK PAUSED")
    }

    /// `RESUME self` of a client whose speech is not paused (by itself, or by another naming it) is
    /// SSIP's 4xx error; whether it is, the scheduler says, so another client's `RESUME all` counts.
    func resume(_ target: SSIPTarget, ask: Ask) -> SSIPReply {
        switch whose(target) {
        case .own:
            guard ask.speech().paused else { return SSIPReply(404, "ERR NOT PAUSED") }
            _ = ask(.resume(allClients: false))
        case .everyone:
            _ = ask(.resume(allClients: true))
        case .other(let other): _ = ask(.resume(allClients: false, client: other))
        }
        return SSIPReply(212, "OK RESUMED")
    }
}
