public import NarratorJSON

/// What a placeholder converts its argument to.
public enum FormatConversion: Sendable, Hashable {
    /// `%d %i %ld %lld`: a signed whole number.
    case integer
    /// `%u %lu %llu`: a whole number that must not be negative.
    case unsigned
    /// `%f` (6 fraction digits, as printf) or `%.Nf` (N fraction digits).
    case decimal(fractionDigits: Int)
    /// `%@`: text.
    case string

    /// The argument kind the conversion expects (an integer is also accepted for a decimal).
    public var argumentKind: FormatArgument.Kind {
        switch self {
        case .integer, .unsigned: .integer
        case .decimal: .decimal
        case .string: .string
        }
    }

    /// Reads a String Catalog `formatSpecifier` (`lld`, `d`, `.1f`, `@`).
    public init?(specifier: String) {
        guard case .placeholder(let placeholder)? = try? FormatString(parsing: "%" + specifier).segments.first,
            !placeholder.isPositional
        else { return nil }
        self = placeholder.conversion
    }
}

/// One placeholder as written in a string, e.g. `%2$lld`.
public struct FormatPlaceholder: Sendable, Hashable, CustomStringConvertible {
    /// The placeholder exactly as written.
    public var text: String
    /// The 1-based argument it stands for: its `N$` or its place among unnumbered placeholders.
    public var argument: Int
    /// True when written with `N$`.
    public var isPositional: Bool
    public var conversion: FormatConversion

    public var description: String { text }
}

/// A piece of a parsed format string.
public enum FormatSegment: Sendable, Hashable {
    case literal(String)
    case placeholder(FormatPlaceholder)
    /// `%#@name@`: replaced by a form of the substitution `name`, chosen by argument `argument`
    /// (the substitution's own `argNum` takes precedence).
    case substitution(name: String, argument: Int)
    /// `%arg` inside a substitution's form: the substitution's number.
    case substitutionArgument
    /// `^[%lld](spellout: "cardinal-feminine")`: a whole number spoken as words of a CLDR rule set.
    case spokenNumber(SpokenNumber)
}

/// A number placeholder a translator marked to be spoken as words, in the markup Apple's Foundation
/// uses for its own attributes (`^[text](attribute: value)`), so Xcode keeps it as ordinary text:
/// `^[%arg](spellout: "cardinal-feminine")` or `^[%1$lld](spellout: "cardinal-native-attributive")`.
public struct SpokenNumber: Sendable, Hashable {
    /// The placeholder inside the brackets; nil for `%arg`.
    public var placeholder: FormatPlaceholder?
    /// The CLDR rule set as written (`cardinal-feminine`, or in full `spellout-cardinal-feminine`).
    public var ruleSet: String
    /// The markup exactly as written.
    public var text: String
}
