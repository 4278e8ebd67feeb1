import NarratorWire

/// Builds one JSON object, keys in the order they are added, as a single line.
///
/// Hand-written rather than JSONEncoder so replies keep a stable, readable key order
/// (`ok`, `id`, `text`, ...) that people piping through socat can scan.
public struct JSONLine: Sendable {
    private var body = ""

    public init() {}

    public mutating func add(_ key: String, _ value: String) { append(key, Self.quoted(value)) }
    public mutating func add(_ key: String, _ value: Int) { append(key, String(value)) }
    public mutating func add(_ key: String, _ value: Bool) { append(key, value ? "true" : "false") }
    /// A number with three decimals (times in milliseconds).
    public mutating func add(_ key: String, milliseconds value: Double) {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(abs(thousandths) % 1000)
        let sign = thousandths < 0 ? "-" : ""
        append(key, "\(sign)\(abs(thousandths) / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)")
    }
    public mutating func addNull(_ key: String) { append(key, "null") }
    /// A value that is already JSON (a nested object or array).
    public mutating func add(_ key: String, json: String) { append(key, json) }
    public mutating func add(_ key: String, object: JSONLine) { append(key, object.text) }

    /// The object, without a line break.
    public var text: String { "{\(body)}" }

    private mutating func append(_ key: String, _ json: String) {
        if !body.isEmpty { body += "," }
        body += Self.quoted(key) + ":" + json
    }

    /// `value` as a JSON string literal.
    public static func quoted(_ value: String) -> String { JSONText.quoted(value) }

    /// A JSON array of strings.
    public static func array(_ values: [String]) -> String {
        "[" + values.map(quoted).joined(separator: ",") + "]"
    }
}
