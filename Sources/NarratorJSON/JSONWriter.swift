/// Writes one JSON object, members in the order they are added, as a single line. The one JSON
/// writer of the wire: requests, replies and notifications are all written with it.
///
/// Hand-written rather than JSONEncoder so lines keep a stable, readable member order (`ok`, `id`,
/// `text`, ...) that people piping through socat can scan.
public struct JSONObjectWriter: Sendable {
    private var body = ""

    public init() {}

    public mutating func add(_ key: String, _ value: String) { append(key, Self.quoted(value)) }
    public mutating func add(_ key: String, _ value: Int) { append(key, String(value)) }
    public mutating func add(_ key: String, _ value: Bool) { append(key, value ? "true" : "false") }
    public mutating func add(_ key: String, _ value: JSONValue) { append(key, value.jsonText) }
    /// A number with three decimals (times in milliseconds).
    public mutating func add(_ key: String, milliseconds value: Double) {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(abs(thousandths) % 1000)
        let sign = thousandths < 0 ? "-" : ""
        append(key, "\(sign)\(abs(thousandths) / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)")
    }
    public mutating func addNull(_ key: String) { append(key, "null") }
    public mutating func add(_ key: String, strings: [String]) {
        append(key, "[" + strings.map(Self.quoted).joined(separator: ",") + "]")
    }
    public mutating func add(_ key: String, object: JSONObjectWriter) { append(key, object.text) }
    public mutating func add(_ key: String, objects: [JSONObjectWriter]) {
        append(key, "[" + objects.map(\.text).joined(separator: ",") + "]")
    }

    /// The object, without a line break.
    public var text: String { "{\(body)}" }

    private mutating func append(_ key: String, _ json: String) {
        if !body.isEmpty { body += "," }
        body += Self.quoted(key) + ":" + json
    }

    /// `value` as a JSON string literal, escaping quotes, backslashes and control characters (and
    /// U+2028/U+2029, which some JSON readers treat as line breaks).
    public static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension JSONValue {
    /// A whole number as a JSON value.
    public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The value as compact JSON text: `2`, `true`, `"rapid"`, `[1,2]`, `{"a":1}`.
    public var jsonText: String {
        switch self {
        case .string(let text): JSONObjectWriter.quoted(text)
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array(let items): "[" + items.map(\.value.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { JSONObjectWriter.quoted($0.key) + ":" + $0.value.value.jsonText }.joined(separator: ",")
                + "}"
        }
    }
}
