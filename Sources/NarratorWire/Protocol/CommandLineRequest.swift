import NarratorJSON

/// A request written as command-line words, as `narrator send` takes them: `collision --lives 2` is
/// `{"type":"collision","lives":2}`.
///
/// A `-` in a field name becomes `_` (`--new-record`: `new_record`). Values that read as JSON numbers,
/// `true`, `false` or `null` are sent as such, others as strings, except in fields the protocol and
/// the shipped map define as text (`--text 2` is the text "2"); a field given twice becomes an array,
/// and `arguments` is always one.
public enum CommandLineRequest {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Fields the protocol and the shipped map define as text: sent as strings even when they look
    /// like numbers.
    public static let textFields: Set<String> = [
        "text", "key", "locale", "scope", "supersedes", "priority", "client", "action", "topic", "difficulty", "reason",
        "profile", "sound",
    ]

    /// The requests whose `client` is a client's number (`--client 7`), not a name.
    static let numberedClient: Set<String> = [Request.Kind.cancel, .pause, .resume].map(\.rawValue).reduce(into: []) {
        $0.insert($1)
    }

    /// The request line of `words`: a type, then `--FIELD VALUE` pairs.
    public static func line(from words: [String]) throws(Failure) -> String {
        guard let type = words.first else { throw Failure(description: "Give an event or request type.") }
        var values: [(name: String, given: [String])] = []
        var index = 1
        while index < words.count {
            guard words[index].hasPrefix("--"), words[index].count > 2 else {
                throw Failure(description: "Expected --FIELD VALUE after the event name, not \"\(words[index])\".")
            }
            let name = String(words[index].dropFirst(2).map { $0 == "-" ? "_" : $0 })
            guard index + 1 < words.count else { throw Failure(description: "--\(name) needs a value.") }
            if let existing = values.firstIndex(where: { $0.name == name }) {
                values[existing].given.append(words[index + 1])
            } else {
                values.append((name, [words[index + 1]]))
            }
            index += 2
        }
        var line = JSONObjectWriter()
        line.add("type", type)
        for (name, given) in values {
            // `client` is a name in `hello`, and a client's number in `cancel`, `pause` and `resume`.
            let asText = textFields.contains(name) && !(name == "client" && numberedClient.contains(type))
            let items = given.map { value(of: $0, asText: asText) }
            if items.count == 1 && name != "arguments" {
                line.add(name, items[0])
            } else {
                line.add(name, .array(items.map { JSONNode(value: $0, position: SourcePosition(line: 1, column: 1)) }))
            }
        }
        return line.text
    }

    /// A word as a JSON value: true/false/null and JSON number literals as they are, anything else a string.
    private static func value(of word: String, asText: Bool) -> JSONValue {
        if asText { return .string(word) }
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: return JSONNumber.isNumber(word) ? .number(word) : .string(word)
        }
    }
}
