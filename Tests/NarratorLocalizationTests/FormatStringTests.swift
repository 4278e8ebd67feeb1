import NarratorJSON
import Testing

@testable import NarratorLocalization

/// The formatter that replaces `String(format:)`: every supported placeholder, and every
/// mismatch as a typed error instead of a crash.
@Suite("Formatter")
struct FormatStringTests {
    static let english = NumberStyle(locale: "en")

    static let renderCases: [(format: String, arguments: [FormatArgument], expected: String)] = [
        ("Score %lld", [120], "Score 120"),
        ("%d %ld %i %u", [1, 2, 3, 4], "1 2 3 4"),
        ("%@ wins", ["Ana"], "Ana wins"),
        ("%f", [1.5], "1.500000"),
        ("%.1f and %.0f", [2.25, 2.5], "2.2 and 2"),
        ("%.2f", [-0.001], "-0.00"),
        ("%.1f", [3], "3.0"),
        ("100%% sure", [], "100% sure"),
        ("Lane %1$lld of %2$lld", [2, 3], "Lane 2 of 3"),
        ("%2$@ then %1$@", ["a", "b"], "b then a"),
        ("%1$lld and again %1$lld", [7], "7 and again 7"),
        ("%lld%%", [-12], "-12%"),
        ("", [], ""),
        ("Ünïcödé %@ 😀", ["x"], "Ünïcödé x 😀"),
    ]

    @Test("supported placeholders render", arguments: renderCases)
    func renders(format: String, arguments: [FormatArgument], expected: String) throws {
        #expect(try FormatString(parsing: format).render(arguments, style: Self.english) == expected)
    }

    static let unsupportedCases = [
        "%s", "%x", "%5d", "%-5@", "%", "trailing %", "%.f", "%lll", "%.2d", "%ll@", "%0$@", "%arg",
    ]

    @Test("unsupported placeholders are errors that name them", arguments: unsupportedCases)
    func unsupportedPlaceholders(format: String) {
        #expect {
            try FormatString(parsing: format)
        } throws: { error in
            guard case .unsupportedPlaceholder? = error as? FormatError else { return false }
            return (error as? FormatError)?.description.contains("use %@ for text") == true
        }
    }

    @Test("an unclosed substitution is an error")
    func unclosedSubstitution() {
        #expect(throws: FormatError.unterminatedSubstitution(offset: 4)) { try FormatString(parsing: "You %#@lives") }
    }

    static let mismatchCases: [(format: String, arguments: [FormatArgument], error: FormatError)] = [
        ("%@", [3], .wrongArgumentType(placeholder: "%@", argument: 1, given: .integer(3))),
        ("%lld", ["three"], .wrongArgumentType(placeholder: "%lld", argument: 1, given: .string("three"))),
        ("%lld", [1.5], .wrongArgumentType(placeholder: "%lld", argument: 1, given: .decimal(1.5))),
        ("%lld of %lld", [1], .missingArgument(placeholder: "%lld", argument: 2, given: 1)),
        ("%3$@", ["a"], .missingArgument(placeholder: "%3$@", argument: 3, given: 1)),
        ("%u", [-1], .negativeUnsigned(placeholder: "%u", argument: 1, value: -1)),
        ("%#@lives@", [1], .unknownSubstitution(name: "lives")),
    ]

    @Test("a mismatch between placeholders and arguments is a typed error", arguments: mismatchCases)
    func mismatches(format: String, arguments: [FormatArgument], error: FormatError) {
        #expect(throws: error) { try FormatString(parsing: format).render(arguments, style: Self.english) }
    }

    @Test("error messages say how to fix the call")
    func messages() {
        let wrong = FormatError.wrongArgumentType(placeholder: "%@", argument: 1, given: .integer(3))
        #expect(
            wrong.description
                == "%@ needs text for argument 1, but was given a whole number (3): pass text or change the placeholder"
        )
        #expect(
            FormatError.missingArgument(placeholder: "%2$lld", argument: 2, given: 1).description.contains(
                "only 1 argument was given"))
    }

    @Test("the decimal separator follows the language, not the process locale")
    func decimalSeparators() {
        for (locale, expected) in [
            ("en", "1.5"), ("fr", "1,5"), ("de", "1,5"), ("pl", "1,5"), ("ru", "1,5"), ("es", "1,5"), ("es-MX", "1.5"),
            ("ja", "1.5"), ("ar", "1.5"), ("pt-BR", "1,5"), ("de-CH", "1.5"),
        ] {
            #expect(NumberStyle(locale: locale).decimal(1.5, fractionDigits: 1).text == expected, "\(locale)")
        }
    }

    @Test("decimals round half to even on the binary value, as printf does")
    func rounding() {
        #expect(NumberStyle.plainDecimal(0.125, fractionDigits: 2) == "0.12")
        #expect(NumberStyle.plainDecimal(2.5, fractionDigits: 0) == "2")
        #expect(NumberStyle.plainDecimal(1.005, fractionDigits: 2) == "1.00")
        #expect(NumberStyle.plainDecimal(0.05, fractionDigits: 3) == "0.050")
        #expect(NumberStyle.plainDecimal(-1.25, fractionDigits: 1) == "-1.2")
        #expect(NumberStyle.plainDecimal(-0.04, fractionDigits: 1) == "-0.0")
        #expect(NumberStyle.plainDecimal(.infinity, fractionDigits: 1) == "infinity")
    }

    @Test("placeholders report their argument numbers and kinds")
    func parsedPlaceholders() throws {
        let format = try FormatString(parsing: "%@ %2$lld %.1f %#@lives@")
        #expect(format.placeholders.map(\.argument) == [1, 2, 2])
        #expect(format.placeholders.map(\.conversion) == [.string, .integer, .decimal(fractionDigits: 1)])
        #expect(format.substitutions.map(\.argument) == [3])
        #expect(FormatConversion(specifier: "lld") == .integer)
        #expect(FormatConversion(specifier: ".2f") == .decimal(fractionDigits: 2))
        #expect(FormatConversion(specifier: "s") == nil)
    }
}
