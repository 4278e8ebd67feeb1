/// A line and column in a text file, both counted from 1; columns count Unicode scalars.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "line \(line), column \(column)" }
}

/// A JSON value together with where it starts in the file.
public struct JSONNode: Sendable, Hashable {
    public var value: JSONValue
    public var position: SourcePosition

    public init(value: JSONValue, position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

/// One `"key": value` member of an object, kept in file order; duplicates are kept, not merged,
/// so that lint can report them (Foundation's decoders silently keep one).
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: JSONNode

    public init(key: String, keyPosition: SourcePosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A parsed JSON value. Numbers keep their text so no precision is lost before a caller decides.
///
/// Hashable so that values can travel in hashable actions (a sound's arguments); equality is by
/// text, and the positions of nested members and elements count too.
public enum JSONValue: Sendable, Hashable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// A short name for messages: "an object", "a string", ...
    public var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }
}
