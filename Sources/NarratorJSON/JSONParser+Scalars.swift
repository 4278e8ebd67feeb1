extension JSONParser {
    /// Reads a string literal, the cursor being on its opening quote.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        advance()
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw syntaxError("unterminated string: a closing '\"' is missing") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                // Swift 6 validates here; invalid UTF-8 is the file's fault, reported as such.
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw syntaxError("the string before this point is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                advance()
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw syntaxError(
                    "control character \(Self.show(byte)) inside a string: write it as an escape like \\n")
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw syntaxError("unterminated escape sequence") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            utf8.append(replacement)
            advance()
            return
        }
        guard byte == UInt8(ascii: "u") else { throw syntaxError("unknown escape sequence \\\(Self.show(byte))") }
        advance()
        var scalar = try parseHex4()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate: together one scalar.
            guard current == UInt8(ascii: "\\") else { throw syntaxError("a \\u surrogate pair is incomplete") }
            advance()
            guard current == UInt8(ascii: "u") else { throw syntaxError("a \\u surrogate pair is incomplete") }
            advance()
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw syntaxError("a \\u surrogate pair is incomplete") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw syntaxError("\\u escape of a lone surrogate") }
        utf8.append(contentsOf: String(Character(unicode)).utf8)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw syntaxError("\\u must be followed by four hexadecimal digits")
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Reads a number in JSON's grammar and returns its text.
    mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if current == UInt8(ascii: "-") { advance() }
        guard let first = current, Self.isDigit(first) else { throw syntaxError("a number needs digits after '-'") }
        advance()
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            advance()
            guard let byte = current, Self.isDigit(byte) else { throw syntaxError("a number needs digits after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard let byte = current, Self.isDigit(byte) else {
                throw syntaxError("a number needs digits in its exponent")
            }
            skipDigits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { advance() }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
