/// A field value of an event on the daemon's wire: the three JSON kinds the game's events use.
public enum WireValue: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case bool(Bool)
    case string(String)

    /// The value as JSON text: `2`, `true`, `"rapid"`.
    public var json: String {
        switch self {
        case .int(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .string(let value): Self.quoted(value)
        }
    }

    public var description: String { json }

    /// One JSON object for the wire, `type` first, fields in the order given, no spaces and no line break:
    /// `{"type":"collision","lives":2}`. The daemon reads one such object per line.
    public static func jsonObject(type: String, fields: [(String, WireValue)]) -> String {
        let members = [(quoted("type"), quoted(type))] + fields.map { (quoted($0.0), $0.1.json) }
        return "{" + members.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest as it is
    /// (JSON text is UTF-8).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
