extension Request {
    /// `cancel`: a scope, `all_clients`, `speaking` and `client`. `speaking` takes the announcement being
    /// heard whatever its scope, so the two do not go together; `client` and `all_clients` neither.
    static func parseCancel(_ fields: inout WireObject) throws(ProtocolError) -> Request {
        let scope = try fields.scope("scope")
        let speaking = try fields.bool("speaking") ?? false
        let (allClients, client) = try parseWhose(&fields)
        if speaking, scope != nil {
            throw ProtocolError(
                .invalidField,
                "\"speaking\" cancels the announcement being heard, whatever its scope: leave out \"scope\" or \"speaking\""
            )
        }
        return .cancel(scope: scope, allClients: allClients, speaking: speaking, client: client)
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
