extension Request {
    /// `cancel`: a scope, `all_clients`, `speaking`, `client` and `id`. `speaking` takes the announcement
    /// being heard whatever its scope, and `id` one announcement wherever it is, so none of the three
    /// goes with another; `client` and `all_clients` neither.
    static func parseCancel(_ fields: inout WireObject) throws(ProtocolError) -> Request {
        let scope = try fields.scope("scope")
        let speaking = try fields.bool("speaking") ?? false
        let id = try fields.announcementID("id")
        let (allClients, client) = try parseWhose(&fields)
        if speaking, scope != nil {
            throw ProtocolError(
                .invalidField,
                "\"speaking\" cancels the announcement being heard, whatever its scope: leave out \"scope\" or \"speaking\""
            )
        }
        if id != nil, scope != nil || speaking {
            throw ProtocolError(
                .invalidField,
                "\"id\" cancels that one announcement, whether heard or waiting, whatever its scope: "
                    + "leave out \"\(speaking ? "speaking" : "scope")\" or \"id\"")
        }
        return .cancel(scope: scope, allClients: allClients, speaking: speaking, client: client, id: id)
    }

    /// Whose speech (or voice settings) a `cancel`, `pause`, `resume` or `set` acts on: `all_clients`, or one other client by the
    /// number `status`, `history` and notifications show (`"client 7"` is 7).
    static func parseWhose(_ fields: inout WireObject) throws(ProtocolError) -> (allClients: Bool, client: ClientID?) {
        let allClients = try fields.bool("all_clients") ?? false
        guard let number = try fields.integer("client") else { return (allClients, nil) }
        guard number >= 1 else {
            throw ProtocolError(
                .invalidField, "\"client\" must be a client's number, 1 or more (\"client 7\" is 7), not \(number)")
        }
        if allClients {
            throw ProtocolError(
                .invalidField, "\"client\" names one client, and \"all_clients\": true every one: give one of them")
        }
        return (false, ClientID(rawValue: UInt64(number)))
    }
}
