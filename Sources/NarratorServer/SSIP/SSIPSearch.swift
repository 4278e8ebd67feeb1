/// A condition of `HISTORY SEARCH`, as SSIP writes it: a word, `(! c)`, `(c & c ...)` or
/// `(c | c ...)`, spaces ignored. A word is letters and digits, with `?` for one of them and `*` for
/// any number; it matches a whole word of a message, ignoring case unless it has a capital. Pure.
indirect enum SSIPSearch: Equatable {
    case word(String)
    case not(SSIPSearch)
    case all([SSIPSearch])
    case any([SSIPSearch])

    /// Why a condition could not be read.
    struct Malformed: Error, Equatable {
        let reason: String
    }

    /// Reads a condition; the surrounding double quotes, if any, are the command's.
    init(parsing text: String) throws(Malformed) {
        var characters = Array(text.filter { !$0.isWhitespace })
        if characters.first == "\"", characters.last == "\"", characters.count >= 2 {
            characters = Array(characters.dropFirst().dropLast())
        }
        var reader = Reader(characters: characters)
        self = try reader.condition()
        guard reader.index == characters.count else { throw Malformed(reason: "MORE AFTER THE CONDITION") }
    }

    /// Whether a message's text satisfies it.
    func matches(_ text: String) -> Bool {
        matches(words: Self.words(of: text))
    }

    /// How many of a top-level `|`'s conditions the text satisfies (1 or 0 for any other), which
    /// orders the results, best first.
    func score(_ text: String) -> Int {
        let words = Self.words(of: text)
        guard case .any(let conditions) = self else { return matches(words: words) ? 1 : 0 }
        return conditions.filter { $0.matches(words: words) }.count
    }

    private func matches(words: [String]) -> Bool {
        switch self {
        case .word(let pattern):
            let sensitive = pattern.contains { $0.isUppercase }
            let wanted = Array(sensitive ? pattern : pattern.lowercased())
            return words.contains { Self.glob(wanted[...], Array(sensitive ? $0 : $0.lowercased())[...]) }
        case .not(let condition): return !condition.matches(words: words)
        case .all(let conditions): return conditions.allSatisfy { $0.matches(words: words) }
        case .any(let conditions): return conditions.contains { $0.matches(words: words) }
        }
    }

    /// The words of a text: its runs of letters and digits.
    static func words(of text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// A word against a pattern with `?` (one character) and `*` (any number).
    private static func glob(_ pattern: ArraySlice<Character>, _ word: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return word.isEmpty }
        if first == "*" {
            return (0...word.count).contains { glob(pattern.dropFirst(), word.dropFirst($0)) }
        }
        guard let letter = word.first, first == "?" || first == letter else { return false }
        return glob(pattern.dropFirst(), word.dropFirst())
    }

    /// A recursive-descent reader of the grammar.
    private struct Reader {
        let characters: [Character]
        var index = 0

        mutating func condition() throws(Malformed) -> SSIPSearch {
            guard index < characters.count else { throw Malformed(reason: "A CONDITION IS MISSING") }
            guard characters[index] == "(" else { return try word() }
            index += 1
            if index < characters.count, characters[index] == "!" {
                index += 1
                let negated = try condition()
                try close()
                return .not(negated)
            }
            var conditions = [try condition()]
            var joint: Character?
            while index < characters.count, characters[index] == "&" || characters[index] == "|" {
                if let joint, joint != characters[index] {
                    throw Malformed(reason: "& AND | MIXED IN ONE PARENTHESIS")
                }
                joint = characters[index]
                index += 1
                conditions.append(try condition())
            }
            try close()
            return joint == "|" ? .any(conditions) : .all(conditions)
        }

        private mutating func close() throws(Malformed) {
            guard index < characters.count, characters[index] == ")" else {
                throw Malformed(reason: "A PARENTHESIS IS NOT CLOSED")
            }
            index += 1
        }

        private mutating func word() throws(Malformed) -> SSIPSearch {
            let start = index
            while index < characters.count,
                characters[index].isLetter || characters[index].isNumber || "?*".contains(characters[index])
            {
                index += 1
            }
            guard index > start else { throw Malformed(reason: "\(characters[start]) WHERE A WORD SHOULD BE") }
            return .word(String(characters[start..<index]))
        }
    }
}
