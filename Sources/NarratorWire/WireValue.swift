/// A field value of an event on the narrator daemon's wire: the three JSON kinds games' events use.
public enum WireValue: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case bool(Bool)
    case string(String)

    /// The value as JSON text: `2`, `true`, `"rapid"`.
    public var json: String {
        switch self {
        case .int(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .string(let value): JSONText.quoted(value)
        }
    }

    public var description: String { json }

    /// One JSON object for the wire, `type` first, fields in the order given, no spaces and no line break:
    /// `{"type":"collision","lives":2}`. The daemon reads one such object per line.
    public static func jsonObject(type: String, fields: [(String, WireValue)]) -> String {
        let members =
            [(JSONText.quoted("type"), JSONText.quoted(type))] + fields.map { (JSONText.quoted($0.0), $0.1.json) }
        return "{" + members.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
    }

}
