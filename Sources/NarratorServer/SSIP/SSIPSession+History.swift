import NarratorWire

extension SSIPSession {
    /// `HISTORY`, from the narrator's history (the last 100 announcements of every client, read fresh
    /// for each command: `history` and `status`) and what this connection keeps (`SSIPHistory`).
    /// docs/SSIP.md, "History".
    mutating func history(_ words: [String], ask: Ask) -> SSIPReply {
        let upper = words.map { $0.uppercased() }
        switch upper.first {
        case "GET": return historyGet(words, upper, ask: ask)
        case "CURSOR": return cursor(words, upper, ask: ask)
        case "SAY":
            guard words.count == 2 else { return .missingParameter }
            guard let message = known(ask: ask).messages.first(where: { $0.id == words[1] }) else {
                return Self.noSuchMessage
            }
            let ssml = message.ssml || message.kind == .char || message.kind == .key
            return say(message.text, ssml: ssml, kind: message.kind, shown: message.shown, ask: ask)
        case "SORT":
            guard words.count == 3 else { return .missingParameter }
            guard ["ASC", "DESC"].contains(upper[1]), let key = SSIPHistory.Key(rawValue: words[2].lowercased()) else {
                return .invalidParameter
            }
            past.ascending = upper[1] == "ASC"
            past.sortKey = key
            return SSIPReply(247, "OK HISTORY SORTED")
        case "SET": return historySet(words, upper)
        case "SEARCH":
            guard words.count >= 3, let target = SSIPTarget(words[1]) else { return .missingParameter }
            let condition: SSIPSearch
            do {
                condition = try SSIPSearch(parsing: words.dropFirst(2).joined(separator: " "))
            } catch {
                return SSIPReply(514, "ERR PARAMETER INVALID: \(error.reason)")
            }
            guard let messages = messages(of: target, ask: ask) else { return Self.noSuchClient }
            // Stable: among those that satisfy as many of a top-level `|`, the sort's order stays.
            let found = messages.filter { condition.matches($0.shown) }.enumerated().sorted { left, right in
                let (a, b) = (condition.score(left.element.shown), condition.score(right.element.shown))
                return a != b ? a > b : left.offset < right.offset
            }
            return SSIPReply(241, "OK MSGS LIST SENT", lines: found.map { past.line($0.element) })
        default:
            return SSIPReply(500, "ERR INVALID COMMAND: HISTORY TAKES GET, CURSOR, SAY, SORT, SET OR SEARCH")
        }
    }

    static let noSuchMessage = SSIPReply(406, "ERR ID DOESNT EXIST")

    private mutating func historyGet(_ words: [String], _ upper: [String], ask: Ask) -> SSIPReply {
        switch upper.dropFirst().first {
        case "CLIENT_LIST":
            let lines = known(ask: ask).clients.map { "\($0.number) \($0.name) \($0.connected ? 1 : 0)" }
            return SSIPReply(240, "OK CLIENTS LIST SENT", lines: lines)
        case "CLIENT_ID":
            return SSIPReply(245, "OK CLIENT ID SENT", lines: [String(client.rawValue)])
        case "LAST":
            guard let lastMessage else { return SSIPReply(403, "ERR NO MESSAGE") }
            return SSIPReply(242, "OK LAST MSG SAID", lines: [lastMessage])
        case "MESSAGE":
            guard words.count == 3 else { return .missingParameter }
            guard let message = known(ask: ask).messages.first(where: { $0.id == words[2] }) else {
                return Self.noSuchMessage
            }
            return SSIPReply(246, "OK MESSAGE TEXT SENT", lines: message.text.split(separator: "\n").map(String.init))
        case "CLIENT_MESSAGES":
            guard words.count == 5, let target = SSIPTarget(words[2]) else { return .missingParameter }
            guard let start = Int(words[3]), let count = Int(words[4]), start >= 1, count >= 0 else {
                return .notANumber
            }
            guard let messages = messages(of: target, ask: ask) else { return Self.noSuchClient }
            let lines = messages.dropFirst(start - 1).prefix(count).map { past.line($0) }
            return SSIPReply(241, "OK MSGS LIST SENT", lines: Array(lines))
        case nil: return .missingParameter
        default:
            return SSIPReply(
                514, "ERR PARAMETER INVALID: HISTORY GET TAKES CLIENT_LIST, CLIENT_ID, CLIENT_MESSAGES, LAST OR MESSAGE"
            )
        }
    }

    /// `HISTORY CURSOR SET whose first|last|pos N`, `FORWARD`, `BACKWARD` and `GET`: the cursor is on
    /// a message, among those of the client `SET` named, in the sort's order.
    private mutating func cursor(_ words: [String], _ upper: [String], ask: Ask) -> SSIPReply {
        switch upper.dropFirst().first {
        case "SET":
            guard words.count >= 4, let target = SSIPTarget(words[2]) else { return .missingParameter }
            guard let messages = messages(of: target, ask: ask) else { return Self.noSuchClient }
            guard !messages.isEmpty else { return SSIPReply(403, "ERR NO MESSAGE") }
            switch upper[3] {
            case "FIRST":
                past.cursor = (target, messages[0].id)
                return SSIPReply(220, "OK CURSOR SET FIRST")
            case "LAST":
                past.cursor = (target, messages[messages.count - 1].id)
                return SSIPReply(221, "OK CURSOR SET LAST")
            case "POS":
                guard words.count == 5 else { return .missingParameter }
                guard let position = Int(words[4]) else { return .notANumber }
                guard position >= 1 else { return SSIPReply(404, "ERR POSITION TOO LOW") }
                guard position <= messages.count else { return SSIPReply(405, "ERR POSITION TOO HIGH") }
                past.cursor = (target, messages[position - 1].id)
                return SSIPReply(222, "OK CURSOR SET TO POSITION")
            default: return .invalidParameter
            }
        case "FORWARD", "BACKWARD":
            guard let cursor = past.cursor else { return SSIPReply(403, "ERR NO MESSAGE: NO CURSOR IS SET") }
            let messages = self.messages(of: cursor.whose, ask: ask) ?? []
            guard let index = messages.firstIndex(where: { $0.id == cursor.id }) else {
                return SSIPReply(406, "ERR ID DOESNT EXIST: THE CURSOR'S MESSAGE IS NO LONGER KEPT")
            }
            if upper[1] == "FORWARD" {
                guard index + 1 < messages.count else { return SSIPReply(405, "ERR POSITION TOO HIGH") }
                past.cursor?.id = messages[index + 1].id
                return SSIPReply(223, "OK CURSOR MOVED FORWARD")
            }
            guard index > 0 else { return SSIPReply(404, "ERR POSITION TOO LOW") }
            past.cursor?.id = messages[index - 1].id
            return SSIPReply(224, "OK CURSOR MOVED BACKWARD")
        case "GET":
            guard let cursor = past.cursor else { return SSIPReply(403, "ERR NO MESSAGE: NO CURSOR IS SET") }
            return SSIPReply(243, "OK CURSOR POSITION RETURNED", lines: [cursor.id])
        case nil: return .missingParameter
        default: return .invalidParameter
        }
    }

    /// `HISTORY SET SHORT_MESSAGE_LENGTH N` and `MESSAGE_TYPE_ORDERING "text sound_icon char key"`.
    private mutating func historySet(_ words: [String], _ upper: [String]) -> SSIPReply {
        guard words.count >= 3 else { return .missingParameter }
        switch upper[1] {
        case "SHORT_MESSAGE_LENGTH":
            guard words.count == 3, let length = Int(words[2]), length >= 0 else { return .notANumber }
            past.shortLength = length
            return SSIPReply(264, "OK SHORT MESSAGE LENGTH SET")
        case "MESSAGE_TYPE_ORDERING":
            let names = words.dropFirst(2).joined(separator: " ").filter { $0 != "\"" }.split(separator: " ")
            let kinds = names.compactMap { SSIPHistory.Kind(rawValue: $0.lowercased()) }
            guard kinds.count == names.count, Set(kinds) == Set(SSIPHistory.Kind.allCases), kinds.count == 4 else {
                return SSIPReply(514, "ERR PARAMETER INVALID: NAME TEXT, SOUND_ICON, CHAR AND KEY, EACH ONCE")
            }
            past.typeOrder = kinds
            return SSIPReply(265, "OK MESSAGE TYPE ORDERING SET")
        default: return .invalidParameter
        }
    }

    /// The kept messages of `self`, `all` or a client's number, in the sort's order; nil for a number
    /// the narrator knows no client by (neither connected nor with messages kept).
    private func messages(of target: SSIPTarget, ask: Ask) -> [SSIPHistory.Message]? {
        let known = known(ask: ask)
        switch target {
        case .this: return known.messages.filter { $0.client == client.rawValue }
        case .all: return known.messages
        case .client(let number):
            guard known.clients.contains(where: { $0.number == number }) else { return nil }
            return known.messages.filter { $0.client == number }
        }
    }

    /// What the narrator keeps now: its history as SSIP's messages, sorted, and the clients it knows
    /// (connected, or with messages kept), by number.
    private func known(ask: Ask) -> (messages: [SSIPHistory.Message], clients: [SSIPHistory.Client]) {
        guard case .history(let entries) = ask(.history(limit: nil, allClients: true)),
            case .status(let status) = ask(.status)
        else { return ([], []) }
        let (now, uptime) = (clock(), status.uptimeMilliseconds)
        let ownName = clientName ?? "unknown:unknown:unknown"
        let messages = past.messages(entries, own: (client.rawValue, ownName), sent: self.messages) {
            now - (uptime - $0) / 1000
        }
        var clients = status.connected.map { connected in
            SSIPHistory.Client(
                number: connected.number,
                name: connected.number == client.rawValue ? ownName : SSIPHistory.name(connected.name),
                connected: true)
        }
        for message in messages where !clients.contains(where: { $0.number == message.client }) {
            clients.append(SSIPHistory.Client(number: message.client, name: message.clientName, connected: false))
        }
        return (past.sorted(messages), clients.sorted { $0.number < $1.number })
    }
}
