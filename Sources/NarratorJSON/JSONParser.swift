/// A small JSON parser (RFC 8259) that remembers where every value and key starts.
///
/// Written for lint: positions for `path:line:` diagnostics and duplicate keys kept in file order,
/// neither of which `JSONDecoder` offers. Reads UTF-8 bytes (a leading byte order mark is skipped).
public struct JSONParser {
    /// Deeper nesting is rejected rather than risking the stack on hostile input.
    public static let maximumDepth = 256

    let bytes: [UInt8]
    var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// Parses one JSON document; anything but whitespace after it is an error.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.syntaxError("unexpected text after the end of the document") }
        return node
    }

    /// Parses a document given as a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8))
    }

    private var position: SourcePosition { SourcePosition(line: line, column: column) }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func syntaxError(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(position: position, reason: reason)
    }

    /// Moves one byte on, counting lines and Unicode scalars (UTF-8 continuation bytes take no column).
    mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    private mutating func expect(_ literal: String, value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let start = position
        for byte in literal.utf8 {
            guard current == byte else {
                throw JSONSyntaxError(position: start, reason: "expected '\(literal)' (strings need double quotes)")
            }
            advance()
        }
        return value
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let start = position
        let value: JSONValue
        switch current {
        case UInt8(ascii: "{"): value = try parseObject()
        case UInt8(ascii: "["): value = try parseArray()
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): value = try expect("true", value: .bool(true))
        case UInt8(ascii: "f"): value = try expect("false", value: .bool(false))
        case UInt8(ascii: "n"): value = try expect("null", value: .null)
        case nil: throw syntaxError("unexpected end of file: a value is missing")
        case let byte?:
            guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                throw syntaxError("unexpected character \(Self.show(byte)) where a value should start")
            }
            value = .number(try parseNumber())
        }
        return JSONNode(value: value, position: start)
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw syntaxError("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        advance()
        skipWhitespace()
        var members: [JSONMember] = []
        if current == UInt8(ascii: "}") {
            advance()
            return .object(members)
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "}"), !members.isEmpty {
                throw syntaxError("a comma before '}' is not allowed in JSON: remove the trailing comma")
            }
            guard current == UInt8(ascii: "\"") else { throw syntaxError("expected a key in double quotes") }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw syntaxError("expected ':' after the key \"\(key)\"") }
            advance()
            skipWhitespace()
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"):
                advance()
                return .object(members)
            default: throw syntaxError("expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        advance()
        skipWhitespace()
        var elements: [JSONNode] = []
        if current == UInt8(ascii: "]") {
            advance()
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]"), !elements.isEmpty {
                throw syntaxError("a comma before ']' is not allowed in JSON: remove the trailing comma")
            }
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"):
                advance()
                return .array(elements)
            default: throw syntaxError("expected ',' or ']' after an array element")
            }
        }
    }

    /// A byte for a message: the character itself when printable ASCII, its code otherwise.
    static func show(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x\(String(byte, radix: 16))"
    }
}
