/// The top-level fields of a daemon line that clients look at: `ok`, `id`, `event`, `text`, and an
/// `output` notification's `state` and `reason`.
///
/// A small scanner rather than a JSON library, so the client library stays dependency-free. It
/// reads only top-level members: the nested `speaking` object of a status reply is skipped.
public struct ReplyLine: Sendable {
    /// Outcomes after which an announcement is gone (see docs/PROTOCOL.md).
    public static let endings: Set<String> = [
        "finished", "interrupted", "superseded", "expired", "dropped", "cancelled",
    ]

    /// `true` or `false` for a reply; nil for a notification.
    public var ok: Bool?
    public var id: String?
    public var event: String?
    public var text: String?
    /// An `output` notification's `working` or `lost`, and why it was lost.
    public var state: String?
    public var reason: String?
    /// The line as it came.
    public let line: String

    public init(_ line: String) {
        self.line = line
        for (key, value) in Self.topLevelMembers(of: line) {
            switch (key, value) {
            case ("ok", .bool(let flag)): ok = flag
            case ("id", .string(let string)): id = string
            case ("event", .string(let string)): event = string
            case ("text", .string(let string)): text = string
            case ("state", .string(let string)): state = string
            case ("reason", .string(let string)): reason = string
            default: break
            }
        }
    }

    /// A notification saying the announcement has ended.
    public var isEnding: Bool { event.map(Self.endings.contains) ?? false }

    private enum Value {
        case string(String)
        case bool(Bool)
        case other
    }

    /// Top-level `"key": value` pairs of a one-line JSON object; nested values are skipped.
    private static func topLevelMembers(of line: String) -> [(String, Value)] {
        var members: [(String, Value)] = []
        var depth = 0
        var key: String?
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            case "\"":
                let string = readString(&scalars)
                guard depth == 1 else { continue }
                if let pending = key {
                    members.append((pending, .string(string)))
                    key = nil
                } else {
                    key = string
                }
            case "t", "f", "n", "0"..."9", "-":
                guard depth == 1, let pending = key else { continue }
                members.append((pending, scalar == "t" ? .bool(true) : scalar == "f" ? .bool(false) : .other))
                key = nil
            case ",": if depth == 1 { key = nil }
            default: break
            }
        }
        return members
    }

    /// The rest of a string whose opening quote was read, with escapes undone.
    private static func readString(_ scalars: inout String.UnicodeScalarView.Iterator) -> String {
        var value = String.UnicodeScalarView()
        while let scalar = scalars.next(), scalar != "\"" {
            guard scalar == "\\", let escaped = scalars.next() else {
                value.append(scalar)
                continue
            }
            switch escaped {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "u":
                let hex = String(String.UnicodeScalarView((0..<4).compactMap { _ in scalars.next() }))
                if let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) { value.append(decoded) }
            default: value.append(escaped)
            }
        }
        return String(value)
    }
}
