public import NarratorJSON

/// A format string that cannot be rendered with the given arguments. Never a crash: every
/// mismatch between placeholders and arguments ends here, with a message that says how to fix it.
public enum FormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A `%` sequence the narrator does not support (`%s`, `%x`, `%5d`, a lone `%`).
    case unsupportedPlaceholder(text: String, offset: Int)
    /// `%#@name` without the closing `@`.
    case unterminatedSubstitution(offset: Int)
    /// The string uses argument `placeholder.argument` but fewer arguments were given.
    case missingArgument(placeholder: String, argument: Int, given: Int)
    /// The argument's type does not fit the placeholder.
    case wrongArgumentType(placeholder: String, argument: Int, given: FormatArgument)
    /// `%u` given a negative number.
    case negativeUnsigned(placeholder: String, argument: Int, value: Int)
    /// `%#@name@` with no substitution `name` in the table.
    case unknownSubstitution(name: String)
    /// A substitution whose number argument is not a number, or that has no forms.
    case brokenSubstitution(name: String, reason: String)
    /// More arguments were given than the string has placeholders for.
    case unusedArguments(given: Int, used: Int)
    /// `%arg` outside a substitution's forms.
    case argOutsideSubstitution
    /// Variations that offer no form for these arguments.
    case missingForms(String)
    /// A number marked to be spoken as words (`^[%arg](spellout: "...")`) that cannot be.
    case spokenNumber(text: String, reason: String)

    public var description: String {
        switch self {
        case .unsupportedPlaceholder(let text, let offset):
            "'\(text)' at character \(offset + 1) is not a supported placeholder: use %@ for text, %lld for whole "
                + "numbers, %.1f for decimals, %1$@ to number them, and %% for a percent sign"
        case .unterminatedSubstitution(let offset):
            "the substitution at character \(offset + 1) is not closed: write it as %#@name@"
        case .missingArgument(let placeholder, let argument, let given):
            "\(placeholder) needs argument \(argument), but only \(given) argument\(given == 1 ? " was" : "s were") given"
        case .wrongArgumentType(let placeholder, let argument, let given):
            "\(placeholder) needs \(Self.expected(placeholder)) for argument \(argument), but was given "
                + "\(given.kind.phrase) (\(given)): pass \(Self.expected(placeholder)) or change the placeholder"
        case .negativeUnsigned(let placeholder, let argument, let value):
            "\(placeholder) needs a number of 0 or more for argument \(argument), but was given \(value): use %lld"
        case .unknownSubstitution(let name):
            "%#@\(name)@ names a substitution the table does not define: add \"\(name)\" under \"substitutions\""
        case .brokenSubstitution(let name, let reason):
            "the substitution \"\(name)\" \(reason)"
        case .unusedArguments(let given, let used):
            "\(given) arguments were given but the string uses \(used): remove the extra ones or add placeholders"
        case .argOutsideSubstitution:
            "%arg only means something inside a substitution's plural forms: use a numbered placeholder like %1$lld"
        case .missingForms(let reason):
            "the text \(reason): check it with `narrator lint`"
        case .spokenNumber(let text, let reason):
            "\(text): \(reason)"
        }
    }

    private static func expected(_ placeholder: String) -> String {
        switch placeholder.last {
        case "@": "text"
        case "f": "a number"
        default: "a whole number"
        }
    }
}
