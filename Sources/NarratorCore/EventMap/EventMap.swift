/// A game's event map: which table key each event speaks, with which arguments, priority and
/// policy (the `events.json` beside the game's table; format in docs/EVENTS.md).
///
/// ```swift
/// let map = try EventMap(name: "events.json", bytes: bytes)
/// let action = try map.resolve(GameEvent(type: "collision", fields: ["lives": .number("2")]),
///                              localizer: localizer, locale: "pl")
/// // .speak("Kraksa! Zostały 2 życia", priority: .default, policy: supersedes "lives")
/// ```
///
/// Immutable and `Sendable`: the daemon swaps a whole new map in on reload.
public struct EventMap: Sendable {
    /// The only format version this narrator reads.
    public static let version = 1

    /// The map's name in messages (its path, as the caller knows it).
    public let name: String
    /// Each event's rules, tried in order.
    let entries: [String: [EventRule]]

    /// Reads a map; the first problem found is thrown, with its line and column.
    public init(name: String, bytes: [UInt8]) throws(EventMapError) {
        let decoded = EventMapDecoder.decode(bytes)
        if let first = decoded.problems.first { throw first }
        self.init(name: name, entries: decoded.entries)
    }

    init(name: String, entries: [String: [EventRule]]) {
        self.name = name
        self.entries = entries
    }

    /// The events the map knows, sorted.
    public var eventNames: [String] { entries.keys.sorted() }
}
