import NarratorJSON
import NarratorLocalization
import NarratorWire

/// A name in the map that may contain `{field}` parts filled from the event: `help_{topic}`,
/// `help.section.{section}`.
struct FieldTemplate: Sendable, Hashable {
    enum Part: Sendable, Hashable {
        case literal(String)
        case field(String)
    }

    /// The text as written in the map.
    let text: String
    let parts: [Part]
    /// Where the text starts in the map, for lint.
    let position: SourcePosition

    /// Parses `text`; a `{` without its `}`, an empty `{}` or a stray `}` is an error that says how
    /// to write a field.
    init(_ text: String, at position: SourcePosition) throws(EventMapError) {
        var parts: [Part] = []
        var literal = ""
        var field: String?
        for character in text {
            switch (character, field) {
            case ("{", nil):
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                field = ""
            case ("}", let name?):
                guard !name.isEmpty else {
                    throw EventMapError(at: position, "\"\(text)\" has an empty {}: name a field, as in help_{topic}")
                }
                parts.append(.field(name))
                field = nil
            case (_, let name?):
                guard character.isASCII, character.isLetter || character.isNumber || character == "_" else {
                    throw EventMapError(
                        at: position,
                        "\"\(text)\" has an unclosed or malformed {field}: a field name is letters, digits and _, "
                            + "closed by }")
                }
                field = name + String(character)
            case ("}", nil):
                throw EventMapError(at: position, "\"\(text)\" has a } without its {: write fields as {name}")
            default:
                literal.append(character)
            }
        }
        if field != nil {
            throw EventMapError(at: position, "\"\(text)\" has a { without its }: write fields as {name}")
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.text = text
        self.parts = parts
        self.position = position
    }

    /// The names of the fields used, in order.
    var fields: [String] {
        parts.compactMap { part in
            if case .field(let name) = part { name } else { nil }
        }
    }

    /// Whether any part comes from the event; a plain name can be checked against the tables by lint.
    var isTemplated: Bool { !fields.isEmpty }

    /// The text with each `{field}` replaced by the event's value: a string of letters, digits, `_`
    /// and `-`, or a whole number. Anything else could escape into another key or scope.
    func fill(from event: GameEvent) throws(EventError) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text):
                result += text
            case .field(let name):
                guard let value = event.fields[name] else {
                    throw .missingField(event: event.type, field: name, expected: Self.expected)
                }
                result += try Self.nameComponent(value, field: name, event: event.type)
            }
        }
        return result
    }

    static let expected = "a word of letters, digits, _ and -, or a whole number"

    private static func nameComponent(_ value: JSONValue, field: String, event: String) throws(EventError) -> String {
        switch value {
        case .string(let text) where isName(text):
            return text
        case .number(let text):
            if let integer = JSONNumber.integer(text) { return String(integer) }
        default:
            break
        }
        throw .invalidField(
            event: event, field: field, problem: "must be \(expected), not \(JSONNumber.describe(value))")
    }

    /// Whether `text` is a non-empty run of ASCII letters, digits, `_` and `-`: safe inside a key or scope.
    static func isName(_ text: some StringProtocol) -> Bool { WireName.isWord(text) }
}
