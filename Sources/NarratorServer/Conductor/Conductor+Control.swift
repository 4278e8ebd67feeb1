import NarratorCore
import NarratorWire

extension Conductor {
    /// `cancel`, `pause` and `resume`: of the sender's own speech, of everyone's (`all_clients`), or of one
    /// other client named by its number (C21); a `cancel` with `speaking` takes only what is heard (C22),
    /// with the rest of its block if it was said in one (C25).
    func decideCancel(scope: String?, allClients: Bool, speaking: Bool, client: ClientID?, from session: Session)
        throws(ProtocolError) -> [Consequence]
    {
        // A client that has left may still be heard (its speech goes on), so it can still be cancelled.
        if let client, sessions[client] == nil, !ledger.clientsWithOpenAnnouncements.contains(client) {
            throw Self.unknownClient(client, "is connected or has speech waiting or speaking")
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

    static func unknownClient(_ client: ClientID, _ what: String) -> ProtocolError {
        ProtocolError(
            .unknownClient,
            "no client numbered \(client.rawValue) \(what); a client's number is N of the name \"client N\" "
                + "it has until it says hello, and SSIP's HISTORY GET CLIENT_ID")
    }
}
