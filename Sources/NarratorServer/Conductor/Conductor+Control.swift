import NarratorCore
import NarratorWire

extension Conductor {
    /// `cancel`, `pause` and `resume`: of the sender's own speech, of everyone's (`all_clients`), or of one
    /// other client named by its number (C21); a `cancel` with `speaking` takes only what is heard (C22),
    /// with the rest of its block if it was said in one (C25); with `id`, that one announcement (C31).
    func decideCancel(
        scope: String?, allClients: Bool, speaking: Bool, client: ClientID?, id: AnnouncementID? = nil,
        from session: Session
    ) throws(ProtocolError) -> [Consequence] {
        // A client that has left may still be heard (its speech goes on), so it can still be cancelled.
        if let client, sessions[client] == nil, !ledger.clientsWithOpenAnnouncements.contains(client) {
            throw Self.unknownClient(client, "is connected or has speech waiting or speaking")
        }
        if let id {
            let owner = allClients ? nil : client ?? session.id
            let record = try openAnnouncement(id, of: owner, asked: client == nil ? nil : owner)
            // Said in a block, it goes with the rest of its block, as a cancel of what is heard takes it (C25).
            return [.schedule(.cancel(record.block.map { .scope($0) } ?? .announcement(id)))]
        }
        if speaking {
            let owner = allClients ? nil : client ?? session.id
            // What is heard, if it was said in a block, goes with the rest of its block (C25).
            if let heard = scheduler.currentID.flatMap({ ledger.records[$0] }), let block = heard.block,
                owner == nil || heard.client == owner
            {
                return [.schedule(.cancel(.scope(block)))]
            }
            return [.schedule(.cancel(.speaking(owner)))]
        }
        return cancel(scope: scope.map { Scope($0) }, allClients: allClients, from: client ?? session.id)
    }

    /// A pause, or its lifting, of whom the request names. Only a connected client can be paused by
    /// number: the pause of a client that has left would strand its speech (C13).
    mutating func decidePause(_ pause: Bool, allClients: Bool, client: ClientID?, from session: Session)
        throws(ProtocolError) -> [Consequence]
    {
        if let client, sessions[client] == nil { throw Self.unknownClient(client, "is connected") }
        if allClients {
            // Who paused all is kept for `status` (the client may be gone by then: `narrator pause`).
            sessions.pausedAllBy = pause ? session.name : nil
            return [.schedule(pause ? .pause(.all) : .resume(.all))]
        }
        let target = PauseTarget.client(client ?? session.id)
        return [.schedule(pause ? .pause(target) : .resume(target))]
    }

    /// The record of announcement `id` if it is open and `owner`'s (nil: anyone's); else why not, as
    /// `unknown_announcement`. `asked` is the client the request named by number, for the message.
    private func openAnnouncement(_ id: AnnouncementID, of owner: ClientID?, asked: ClientID?)
        throws(ProtocolError) -> AnnouncementRecord
    {
        let number = id.rawValue
        guard let record = ledger.records[id] else {
            throw ProtocolError(
                .unknownAnnouncement,
                "no announcement \(number) is waiting or speaking: it has ended long ago or never was; "
                    + "an announcement's id is the \"id\" of the reply to the say or event that queued it")
        }
        if case .ended(let outcome) = record.phase {
            throw ProtocolError(
                .unknownAnnouncement,
                "announcement \(number) has already ended (\(outcome.name)): there is nothing left of it to cancel")
        }
        if let owner, record.client != owner {
            let whose = "it is client \(record.client.rawValue)'s"
            throw ProtocolError(
                .unknownAnnouncement,
                asked.map { "announcement \(number) is not client \($0.rawValue)'s: \(whose)" }
                    ?? "announcement \(number) is not this client's: \(whose); to cancel another client's speech, "
                    + "add \"client\":\(record.client.rawValue) or \"all_clients\":true")
        }
        return record
    }

    static func unknownClient(_ client: ClientID, _ what: String) -> ProtocolError {
        ProtocolError(
            .unknownClient,
            "no client numbered \(client.rawValue) \(what); a client's number is N of the name \"client N\" "
                + "it has until it says hello, and SSIP's HISTORY GET CLIENT_ID")
    }
}
