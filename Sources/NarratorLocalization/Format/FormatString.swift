/// A printf-style string from a table, parsed by the narrator's own code.
///
/// `String(format:)` must never see a translator's text: `%@` given a number crashes it. This parser
/// knows exactly `%lld %ld %d %i %u %@ %f %.Nf %%`, numbered forms such as `%2$lld`, substitutions
/// `%#@name@`, and (inside a substitution's forms) `%arg`; anything else is an error.
public struct FormatString: Sendable, Hashable {
    public let segments: [FormatSegment]

    /// Parses `text`. `allowsSubstitutionArgument` accepts `%arg`, as a substitution's forms do.
    public init(parsing text: String, allowsSubstitutionArgument: Bool = false) throws(FormatError) {
        var parser = Parser(scalars: Array(text.unicodeScalars), allowsArg: allowsSubstitutionArgument)
        segments = try parser.parse()
    }

    /// Parses `text` keeping every `%` that starts no placeholder the narrator knows as text
    /// (`100%`, `10% of`, which printf would take for `% o`): how the placeholders of a text that
    /// may have none are found (`CatalogEntry.takesArguments`). Never fails.
    public init(findingPlaceholdersIn text: String, allowsSubstitutionArgument: Bool = false) {
        var parser = Parser(
            scalars: Array(text.unicodeScalars), allowsArg: allowsSubstitutionArgument, percentMayBeText: true)
        // A parser that keeps unknown `%` sequences as text has nothing left to throw for.
        segments = (try? parser.parse()) ?? [.literal(text)]
    }

    /// True when the text uses an argument: a placeholder, a substitution or `%arg`.
    public var usesArguments: Bool {
        segments.contains {
            if case .literal = $0 { false } else { true }
        }
    }

    /// Every placeholder, in the order written (those marked to be spoken as words included).
    public var placeholders: [FormatPlaceholder] {
        segments.compactMap {
            switch $0 {
            case .placeholder(let placeholder): placeholder
            case .spokenNumber(let spoken): spoken.placeholder
            default: nil
            }
        }
    }

    /// Every number marked to be spoken as words, in the order written.
    public var spokenNumbers: [SpokenNumber] {
        segments.compactMap { if case .spokenNumber(let spoken) = $0 { spoken } else { nil } }
    }

    /// Every `%#@name@` with the argument its position gives it, in the order written.
    public var substitutions: [(name: String, argument: Int)] {
        segments.compactMap { if case .substitution(let name, let argument) = $0 { (name, argument) } else { nil } }
    }

    /// True when the string contains `%arg`.
    public var usesSubstitutionArgument: Bool {
        segments.contains(.substitutionArgument) || spokenNumbers.contains { $0.placeholder == nil }
    }

    /// The text with placeholders removed: what a reader hears around the numbers.
    public var literalText: String {
        segments.map { if case .literal(let text) = $0 { text } else { "" } }.joined()
    }
}
