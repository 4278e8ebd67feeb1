/// Swift source read just enough to find calls in it: comments and string literals blanked, and a
/// call's arguments counted.
enum SwiftSourceText {
    /// `source`'s bytes with every comment and the text of every string literal turned into spaces
    /// (line breaks kept, so lines still count), and the code in a string's interpolations left as
    /// it is. Knows nested block comments, multi-line strings, raw strings (`#"..."#`) and escapes.
    static func code(of source: String) -> [UInt8] {
        var text = Array(source.utf8)
        /// A string literal: the byte sequences that open an interpolation, escape a character and
        /// end it, given its number of `#` and whether it is multi-line.
        struct Literal {
            var interpolation: [UInt8]
            var escape: [UInt8]
            var close: [UInt8]

            init(hashes: Int, multiLine: Bool) {
                let marks = [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
                escape = [UInt8(ascii: "\\")] + marks
                interpolation = escape + [UInt8(ascii: "(")]
                close = [UInt8](repeating: UInt8(ascii: "\""), count: multiLine ? 3 : 1) + marks
            }
        }
        // The literals whose interpolation the scan is in, each with its open parentheses.
        var interpolations: [(literal: Literal, depth: Int)] = []
        var literal: Literal?
        var index = 0
        func blank(_ count: Int) {
            for offset in index..<min(index + count, text.count) where text[offset] != UInt8(ascii: "\n") {
                text[offset] = UInt8(ascii: " ")
            }
            index += count
        }
        func starts(with pattern: [UInt8], at position: Int) -> Bool {
            position + pattern.count <= text.count
                && text[position..<(position + pattern.count)].elementsEqual(pattern)
        }
        let lineComment = Array("//".utf8)
        let blockOpen = Array("/*".utf8)
        let blockClose = Array("*/".utf8)
        while index < text.count {
            if let current = literal {
                if starts(with: current.interpolation, at: index) {
                    blank(current.interpolation.count)
                    interpolations.append((current, 1))
                    literal = nil
                } else if starts(with: current.escape, at: index) {
                    blank(current.escape.count + 1)
                } else if starts(with: current.close, at: index) {
                    blank(current.close.count)
                    literal = nil
                } else {
                    blank(1)
                }
                continue
            }
            if starts(with: lineComment, at: index) {
                var end = index
                while end < text.count && text[end] != UInt8(ascii: "\n") { end += 1 }
                blank(end - index)
            } else if starts(with: blockOpen, at: index) {
                var depth = 0
                var end = index
                repeat {
                    if starts(with: blockOpen, at: end) {
                        depth += 1
                        end += 2
                    } else if starts(with: blockClose, at: end) {
                        depth -= 1
                        end += 2
                    } else {
                        end += 1
                    }
                } while depth > 0 && end < text.count
                blank(end - index)
            } else if let opening = stringOpening(text, at: index) {
                literal = Literal(hashes: opening.hashes, multiLine: opening.multiLine)
                blank(opening.length)
            } else if !interpolations.isEmpty && text[index] == UInt8(ascii: "(") {
                interpolations[interpolations.count - 1].depth += 1
                index += 1
            } else if !interpolations.isEmpty && text[index] == UInt8(ascii: ")") {
                interpolations[interpolations.count - 1].depth -= 1
                if interpolations[interpolations.count - 1].depth == 0 {
                    literal = interpolations.removeLast().literal
                    blank(1)
                } else {
                    index += 1
                }
            } else {
                index += 1
            }
        }
        return text
    }

    /// A string literal's opening delimiter at `index` (`"`, `"""`, `#"`, ...), or nil.
    private static func stringOpening(_ text: [UInt8], at index: Int) -> (hashes: Int, multiLine: Bool, length: Int)? {
        var end = index
        while end < text.count && text[end] == UInt8(ascii: "#") { end += 1 }
        guard end < text.count, text[end] == UInt8(ascii: "\"") else { return nil }
        let hashes = end - index
        let multiLine =
            end + 2 < text.count && text[end + 1] == UInt8(ascii: "\"") && text[end + 2] == UInt8(ascii: "\"")
        return (hashes, multiLine, hashes + (multiLine ? 3 : 1))
    }

    /// The arguments of the call whose `(` is at `index`: how many, whether any has a label, and
    /// whether a `{` follows the `)` on its line (a trailing closure, or the body of an `if`).
    static func arguments(_ text: [UInt8], openingAt index: Int) -> (count: Int, labelled: Bool, trailingClosure: Bool)
    {
        var depth = 0
        var count = 0
        var labelled = false
        var argumentStarts = true
        var empty = true
        var position = index + 1
        while position < text.count {
            let byte = text[position]
            if [UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{")].contains(byte) {
                depth += 1
            } else if [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(byte) {
                if depth == 0 { break }
                depth -= 1
            } else if depth == 0 && byte == UInt8(ascii: ",") {
                count += 1
                argumentStarts = true
                position += 1
                continue
            }
            if depth == 0 && argumentStarts && !byte.isWhitespace {
                argumentStarts = false
                labelled = labelled || isLabel(text, at: position)
            }
            if !byte.isWhitespace { empty = false }
            position += 1
        }
        var after = position + 1
        while after < text.count && (text[after] == UInt8(ascii: " ") || text[after] == UInt8(ascii: "\t")) {
            after += 1
        }
        return (empty ? 0 : count + 1, labelled, after < text.count && text[after] == UInt8(ascii: "{"))
    }

    /// An argument label at `position`: a name and a single `:` (not a ternary's, not `::`).
    private static func isLabel(_ text: [UInt8], at position: Int) -> Bool {
        guard text[position].isIdentifierStart else { return false }
        var end = position
        while end < text.count && text[end].isIdentifierByte { end += 1 }
        while end < text.count && text[end].isWhitespace { end += 1 }
        return end + 1 < text.count && text[end] == UInt8(ascii: ":") && text[end + 1] != UInt8(ascii: ":")
    }
}

extension UInt8 {
    var isWhitespace: Bool {
        self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") || self == UInt8(ascii: "\n")
            || self == UInt8(ascii: "\r")
    }
}
