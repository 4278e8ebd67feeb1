import NarratorSystem
import NarratorWire

#if canImport(Glibc)
    import Glibc
#endif

/// What one SSIP connection keeps for `HISTORY`: its cursor, its sort, the length of a message's
/// intro and its order of message types. The messages themselves are the narrator's history (its last
/// 100 announcements, every client's), read fresh for each command, with what SSIP defines of the
/// connection's own (`SSIPMessages`: priority, command, intro). Pure.
struct SSIPHistory {
    /// What sent a message: SSIP's message types, in their default order.
    enum Kind: String, CaseIterable {
        case text
        case soundIcon = "sound_icon"
        case char, key
    }

    /// What `HISTORY SORT` orders by.
    enum Key: String, CaseIterable {
        case time, user
        case clientName = "client_name"
        case priority
        case messageType = "message_type"
    }

    /// One kept message, as SSIP shows it.
    struct Message: Equatable {
        var id: String
        var client: UInt64
        /// `user:application:component` for this connection's own, else the narrator's name of its client.
        var clientName: String
        /// Seconds since 1970 when it was queued.
        var time: Double
        var priority: SSIPPriority
        var kind: Kind
        var text: String
        var ssml: Bool
        /// What an intro shows of it: the character or key of `CHAR` and `KEY`, else its text.
        var shown: String
    }

    /// A client the narrator knows: connected, or with messages still kept.
    struct Client: Equatable {
        var number: UInt64
        var name: String
        var connected: Bool
    }

    var ascending = true
    var sortKey = Key.time
    var shortLength = 64
    var typeOrder = Kind.allCases
    /// `HISTORY CURSOR SET`'s client, and the message the cursor is on.
    var cursor: (whose: SSIPTarget, id: String)?

    /// The messages of the narrator's history as SSIP shows them, oldest first. `own` is this client's
    /// number and SSIP name; `queuedAt` turns the daemon's milliseconds into wall-clock seconds.
    func messages(
        _ entries: [Reply.HistoryEntry], own: (UInt64, String), sent: SSIPMessages, queuedAt: (Double) -> Double
    ) -> [Message] {
        entries.map { entry in
            let number = entry.clientNumber ?? 0
            let mine = number == own.0 ? sent[entry.id] : nil
            return Message(
                id: entry.id, client: number,
                clientName: number == own.0 ? own.1 : Self.name(entry.client),
                time: queuedAt(entry.queuedMilliseconds ?? entry.milliseconds),
                priority: mine?.priority ?? Self.priority(entry.priority), kind: mine?.kind ?? .text,
                text: entry.text, ssml: entry.ssml,
                shown: mine?.shown ?? (entry.ssml ? Self.withoutMarkup(entry.text) : entry.text))
        }
    }

    /// The narrator's priority in SSIP's words, for messages of clients that did not send SSIP's.
    static func priority(_ priority: Priority) -> SSIPPriority {
        switch priority {
        case .high: .important
        case .default: .message
        case .low: .text
        }
    }

    /// A narrator client's name as one word of an SSIP line (`client 7` is `client_7`).
    static func name(_ name: String) -> String {
        name.isEmpty ? "unknown:unknown:unknown" : name.replacing(" ", with: "_")
    }

    /// SSML's text without its tags.
    static func withoutMarkup(_ text: String) -> String {
        var inTag = false
        return String(
            text.filter { character in
                if character == "<" { inTag = true }
                defer { if character == ">" { inTag = false } }
                return !inTag && character != ">"
            })
    }

    /// Sorted as the last `HISTORY SORT` asked (by arrival, oldest first, before one), stably.
    func sorted(_ messages: [Message]) -> [Message] {
        let ranked = messages.enumerated().sorted { left, right in
            let order = compare(left.element, right.element)
            if order != 0 { return ascending ? order < 0 : order > 0 }
            return left.offset < right.offset
        }
        return ranked.map(\.element)
    }

    /// -1, 0 or 1 as `left` comes before, with or after `right` by the sort's key, ascending.
    private func compare(_ left: Message, _ right: Message) -> Int {
        func order<Value: Comparable>(_ a: Value, _ b: Value) -> Int { a < b ? -1 : a > b ? 1 : 0 }
        let parts = { (message: Message) -> (user: String, client: String) in
            let pieces = message.clientName.split(separator: ":", maxSplits: 1).map(String.init)
            return pieces.count == 2 ? (pieces[0], pieces[1]) : ("", message.clientName)
        }
        switch sortKey {
        case .time: return order(Int(left.id) ?? 0, Int(right.id) ?? 0)
        case .user: return order(parts(left).user, parts(right).user)
        case .clientName: return order(parts(left).client, parts(right).client)
        case .priority:
            let levels = SSIPPriority.allCases
            return order(levels.firstIndex(of: left.priority) ?? 0, levels.firstIndex(of: right.priority) ?? 0)
        case .messageType:
            return order(typeOrder.firstIndex(of: left.kind) ?? 0, typeOrder.firstIndex(of: right.kind) ?? 0)
        }
    }

    /// One message as `HISTORY GET CLIENT_MESSAGES` and `HISTORY SEARCH` list it:
    /// `id client-id client-name "YYYY-MM-DD HH:MM:SS" priority "intro"`.
    func line(_ message: Message) -> String {
        let intro = message.shown.prefix(shortLength).filter { $0 != "\"" && $0 != "\r" }.replacing("\n", with: " ")
        return "\(message.id) \(message.client) \(message.clientName) \"\(Self.localTime(message.time))\" "
            + "\(message.priority.rawValue) \"\(intro)\""
    }

    /// Seconds since 1970 in local time, `YYYY-MM-DD HH:MM:SS`.
    static func localTime(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// The wall clock, in seconds since 1970.
    static func wallClock() -> Double {
        let now = SystemClock.wallClock()
        return Double(now.seconds) + Double(now.nanoseconds) / 1_000_000_000
    }
}
