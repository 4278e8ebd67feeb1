import NarratorWire

extension SSIPSession {
    /// `RATE`, `PITCH` or `VOLUME` onto the narrator's scale (`SSIPScale`); 0 (volume 100), SSIP's
    /// default, sends the narrator's `null`: the user's setting.
    mutating func setNumber(_ name: String, _ value: String, _ whom: Whose, ask: Ask) -> SSIPReply {
        guard let number = Int(value) else { return .notANumber }
        guard number >= -100 else { return SSIPReply(410, "ERR \(name) TOO LOW") }
        guard number <= 100 else { return SSIPReply(409, "ERR \(name) TOO HIGH") }
        let refused = { (_: ProtocolError?) in SSIPReply(300, "ERR INTERNAL") }
        switch name {
        case "RATE":
            let change = SSIPScale.rate(number).map { Request.VoiceChange(rate: $0) } ?? .init(reset: [.rate])
            return setVoice(
                change, whom, ask: ask, done: SSIPReply(203, "OK RATE SET"), note: { $0.rate = number },
                refused: refused)
        case "PITCH":
            let change = SSIPScale.pitch(number).map { Request.VoiceChange(pitch: $0) } ?? .init(reset: [.pitch])
            return setVoice(
                change, whom, ask: ask, done: SSIPReply(204, "OK PITCH SET"), note: { $0.pitch = number },
                refused: refused)
        default:
            let change = SSIPScale.volume(number).map { Request.VoiceChange(volume: $0) } ?? .init(reset: [.volume])
            return setVoice(
                change, whom, ask: ask, done: SSIPReply(218, "OK VOLUME SET"), note: { $0.volume = number },
                refused: refused)
        }
    }

    /// Asks the narrator's `set` of `change` for whom the command names; on success the setting is
    /// noted in this connection's own when it is among them (`note`), and the voice that results kept.
    mutating func setVoice(
        _ change: Request.VoiceChange, _ whom: Whose, ask: Ask, done: SSIPReply,
        note: (inout SSIPVoiceSettings) -> Void, refused: (ProtocolError?) -> SSIPReply
    ) -> SSIPReply {
        let reply: Reply
        switch whom {
        case .own: reply = ask(.set(change))
        case .everyone: reply = ask(.set(change, allClients: true))
        case .other(let other): reply = ask(.set(change, client: other))
        }
        switch reply {
        case .voice(let voice):
            if case .other = whom { return done }
            note(&settings)
            heard = voice
            return done
        case .error(let error) where error.knownCode == .unknownClient: return Self.noSuchClient
        case .error(let error): return refused(error)
        default: return refused(nil)
        }
    }

    /// A setting the narrator keeps for this connection only (or that has no effect): noted for
    /// `self` and `all` (this connection is one of all); of another number, that client must exist.
    mutating func keep(_ whom: Whose, ask: Ask, done: SSIPReply, note: (inout SSIPVoiceSettings) -> Void)
        -> SSIPReply
    {
        if case .other(let other) = whom {
            guard case .voice = ask(.set(.init(), client: other)) else { return Self.noSuchClient }
            return done
        }
        note(&settings)
        return done
    }
}
