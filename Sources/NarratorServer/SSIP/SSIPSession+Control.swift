import NarratorWire

extension SSIPSession {
    /// Whose speech a target names: this client's, or everyone's. Another client's number is
    /// refused: a narrator client stops, pauses and cancels its own speech, or everyone's.
    private enum Whose {
        case own, everyone
    }

    private func whose(_ target: SSIPTarget) -> Result<Whose, SSIPReply> {
        switch target {
        case .this: .success(.own)
        case .all: .success(.everyone)
        case .client(let number) where number == client.rawValue: .success(.own)
        case .client: .failure(Self.otherClient)
        }
    }

    static let otherClient = SSIPReply(
        402, "ERR NO SUCH CLIENT: A NARRATOR CLIENT CONTROLS ITS OWN SPEECH (SELF) OR EVERYONE'S (ALL)")

    /// `STOP`: the message of this client being heard ends (`cancelled`); its queue stays.
    mutating func stop(_ target: SSIPTarget, ask: Ask) -> SSIPReply {
        switch whose(target) {
        case .failure(let reply): return reply
        case .success(.everyone):
            return SSIPReply(
                403,
                "ERR NOT SUPPORTED: STOP ALL WOULD CUT ANOTHER CLIENT'S MESSAGE ALONE; CANCEL ALL SILENCES EVERYONE")
        case .success(.own):
            if let speaking = messages.values.first(where: \.speaking) {
                _ = ask(.cancel(scope: speaking.scope, allClients: false))
            }
            return SSIPReply(210, "OK STOPPED")
        }
    }

    /// `CANCEL`: the client's messages (or everyone's), heard and waiting, end.
    mutating func cancel(_ target: SSIPTarget, ask: Ask) -> SSIPReply {
        switch whose(target) {
        case .failure(let reply): return reply
        case .success(let whose):
            _ = ask(.cancel(scope: nil, allClients: whose == .everyone))
            return SSIPReply(213, "OK CANCELED")
        }
    }

    mutating func pause(_ target: SSIPTarget, ask: Ask) -> SSIPReply {
        switch whose(target) {
        case .failure(let reply): return reply
        case .success(let whose):
            _ = ask(.pause(allClients: whose == .everyone))
            if whose == .own { paused = true }
            return SSIPReply(211, "OK PAUSED")
        }
    }

    /// `RESUME self` of a client that did not pause is SSIP's 4xx error.
    mutating func resume(_ target: SSIPTarget, ask: Ask) -> SSIPReply {
        switch whose(target) {
        case .failure(let reply): return reply
        case .success(.own) where !paused:
            return SSIPReply(404, "ERR NOT PAUSED")
        case .success(let whose):
            _ = ask(.resume(allClients: whose == .everyone))
            paused = false
            return SSIPReply(212, "OK RESUMED")
        }
    }
}
