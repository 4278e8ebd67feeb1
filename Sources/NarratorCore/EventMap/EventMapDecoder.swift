import NarratorJSON
import NarratorLocalization
import NarratorWire

/// Turns a map's JSON into entries, collecting every problem with its position: loading stops at
/// the first, lint reports them all. A broken entry is skipped; the others are still read.
struct EventMapDecoder {
    var entries: [String: [EventRule]] = [:]
    /// Where each event's name was first written, to report a second entry for it.
    var positions: [String: SourcePosition] = [:]
    var problems: [EventMapError] = []

    static func decode(_ bytes: [UInt8]) -> EventMapDecoder {
        var decoder = EventMapDecoder()
        do {
            try decoder.decodeRoot(bytes)
        } catch {
            decoder.problems.append(error)
        }
        decoder.problems.sort { $0.position < $1.position }
        return decoder
    }

    private mutating func decodeRoot(_ bytes: [UInt8]) throws(EventMapError) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw EventMapError(.syntax, at: error.position, error.description)
        }
        let map = try MapObject(root, event: nil, what: "an event map")
        try map.allow(["version", "events"], in: "the map")
        guard let (version, versionPosition) = try map.integer("version") else {
            throw map.error(at: map.position, "the map needs \"version\": \(EventMap.version) as its first member")
        }
        guard version == EventMap.version else {
            throw map.error(
                at: versionPosition,
                "version \(version) is not supported: this narrator reads version \(EventMap.version)")
        }
        guard let eventsNode = map["events"] else {
            throw map.error(at: map.position, "the map needs \"events\": an object from event type to rule")
        }
        let events = try MapObject(eventsNode, event: nil, what: "\"events\"")
        for member in events.members {
            do {
                try decodeEntry(member)
            } catch {
                problems.append(error)
            }
        }
    }

    private mutating func decodeEntry(_ member: JSONMember) throws(EventMapError) {
        let name = member.key
        let position = member.keyPosition
        guard !name.isEmpty else { throw EventMapError(at: position, "an event type cannot be empty") }
        // A request's name could never reach the map as an event: naming one is a mistake.
        guard !Request.commandNames.contains(name) else {
            throw EventMapError(
                at: position, event: name,
                "\"\(name)\" is a command of the wire protocol, so no event can have that type: rename the event")
        }
        guard positions[name] == nil else {
            throw EventMapError(
                at: position, event: name,
                "is written twice (first at line \(positions[name]!.line)): keep one entry per event")
        }
        positions[name] = position
        let entry = try MapObject(member.value, event: name, what: "an entry")
        let rules: [EventRule]
        if entry.has("variants") {
            try entry.allow(["variants"], in: "an entry with variants (put the rule's members in each variant)")
            guard case .array(let variants) = entry["variants"]!.value, !variants.isEmpty else {
                throw entry.error(at: entry["variants"]!.position, "\"variants\" must be a non-empty array of rules")
            }
            rules = try variants.map { (node) throws(EventMapError) in try decodeRule(node, event: name) }
        } else {
            rules = [try decodeRule(member.value, event: name)]
        }
        entries[name] = rules
    }

    private func decodeRule(_ node: JSONNode, event: String) throws(EventMapError) -> EventRule {
        let rule = try MapObject(node, event: event, what: "a rule")
        let conditions = try decodeConditions(rule)
        var kinds = ["key", "silent", "cancel"].filter(rule.has)
        // "sound" alone plays; beside "key" it goes with the speech (read by decodeSpeak).
        if kinds.isEmpty, rule.has("sound") { kinds = ["sound"] }
        guard kinds.count == 1 else {
            throw rule.error(
                at: rule.position,
                kinds.isEmpty
                    ? "a rule needs \"key\" (to speak), \"sound\" (to play), \"silent\": true, or \"cancel\""
                    : "a rule does one thing, but this one has \(kinds.map { "\"\($0)\"" }.joined(separator: " and "))"
                        + ": split it into variants")
        }
        let action: EventRule.Action
        switch kinds[0] {
        case "sound":
            try rule.allow(["if", "sound"], in: "a sound rule")
            action = .play(try Self.soundName(rule)!)
        case "silent":
            try rule.allow(["if", "silent"], in: "a silent rule")
            guard try rule.bool("silent") == true else {
                throw rule.error(at: rule["silent"]!.position, "\"silent\" must be true (leave it out to speak)")
            }
            action = .silent
        case "cancel":
            try rule.allow(["if", "cancel"], in: "a cancel rule")
            action = .cancel(try decodeCancel(rule["cancel"]!, event: event))
        default:
            action = .speak(try decodeSpeak(rule, event: event))
        }
        return EventRule(conditions: conditions, action: action)
    }

    private func decodeConditions(_ rule: MapObject) throws(EventMapError) -> [EventRule.Condition] {
        guard let node = rule["if"] else { return [] }
        let condition = try MapObject(node, event: rule.event, what: "\"if\"")
        // Any field may be compared, but only once.
        try condition.allow(condition.members.map(\.key), in: "\"if\"")
        return try condition.members.map { (member) throws(EventMapError) in
            switch member.value.value {
            case .object, .array:
                throw rule.error(
                    at: member.value.position,
                    "the value \"\(member.key)\" is compared with must be a string, number, true, false or null")
            default:
                return EventRule.Condition(field: member.key, value: member.value.value)
            }
        }
    }

    private func decodeCancel(_ node: JSONNode, event: String) throws(EventMapError) -> FieldTemplate? {
        if case .string("all") = node.value { return nil }
        guard case .object = node.value else {
            throw EventMapError(
                at: node.position, event: event, "\"cancel\" must be \"all\" or {\"scope\": \"help\"}")
        }
        let cancel = try MapObject(node, event: event, what: "\"cancel\"")
        try cancel.allow(["scope"], in: "\"cancel\"")
        guard let scope = try cancel.template("scope") else {
            throw cancel.error(at: node.position, "\"cancel\" needs \"scope\", or write \"cancel\": \"all\"")
        }
        try Self.checkScope(scope, in: cancel)
        return scope
    }

    /// A scope is a dotted name (`help.section.3`): components of letters, digits, `_` and `-`.
    static func checkScope(_ scope: FieldTemplate, in object: MapObject) throws(EventMapError) {
        let sample = scope.parts.map { part in
            switch part {
            case .literal(let text): text
            case .field: "0"
            }
        }.joined()
        guard WireName.isScope(sample) else {
            throw object.error(at: scope.position, "the scope \"\(scope.text)\" must be \(WireName.scopeShape)")
        }
    }
}
