/// A field value of a game event on the wire.
public enum WireValue: Sendable, Hashable {
    case integer(Int)
    case bool(Bool)
    case string(String)

    /// The value as JSON.
    var json: String {
        switch self {
        case .integer(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .string(let value): return JSONText.quoted(value)
        }
    }

    /// `{"type":"collision","lives":2}` for an event and its fields.
    public static func eventLine(type: String, fields: [(String, WireValue)]) -> String {
        let members = [("type", WireValue.string(type))] + fields
        return "{" + members.map { JSONText.quoted($0.0) + ":" + $0.1.json }.joined(separator: ",") + "}"
    }
}
