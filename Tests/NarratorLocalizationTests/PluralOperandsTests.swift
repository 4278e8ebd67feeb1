import Testing

@testable import NarratorLocalization

@Suite("Plural operands")
struct PluralOperandsTests {
    /// (written number, i, v, w, f, t, e) as LDML's operand table defines them.
    static let cases: [(String, Int, Int, Int, Int, Int, Int)] = [
        ("1", 1, 0, 0, 0, 0, 0), ("1.0", 1, 1, 0, 0, 0, 0), ("1.00", 1, 2, 0, 0, 0, 0), ("1.3", 1, 1, 1, 3, 3, 0),
        ("1.30", 1, 2, 1, 30, 3, 0), ("1.03", 1, 2, 2, 3, 3, 0), ("1.230", 1, 3, 2, 230, 23, 0),
        ("-12.5", 12, 1, 1, 5, 5, 0), ("1c6", 1_000_000, 0, 0, 0, 0, 6), ("1.1c6", 1_100_000, 0, 0, 0, 0, 6),
        ("1.0000001c6", 1_000_000, 1, 1, 1, 1, 6), ("1.2e3", 1200, 0, 0, 0, 0, 3),
    ]

    @Test("operands of written numbers", arguments: cases)
    func operands(_ sample: (String, Int, Int, Int, Int, Int, Int)) throws {
        let operands = try #require(PluralOperands(sample.0))
        #expect(
            [operands.i, operands.v, operands.w, operands.f, operands.t, operands.e] == [
                sample.1, sample.2, sample.3, sample.4, sample.5, sample.6,
            ])
        #expect(operands.c == operands.e)
    }

    @Test(
        "text that is not a number has no operands",
        arguments: ["", "-", "1.", ".5", "1,5", "abc", "1e", "1x3", "12345678901234567890", "9223372036854775809"])
    func notNumbers(text: String) {
        #expect(PluralOperands(text) == nil)
    }

    @Test("unknown and regional locales find the right CLDR rules")
    func ruleLookup() {
        #expect(PluralRules(locale: "pt-PT").ruleLocale == "pt-pt")
        #expect(PluralRules(locale: "pt_BR").ruleLocale == "pt")
        #expect(PluralRules(locale: "es-MX").ruleLocale == "es")
        #expect(PluralRules(locale: "zh-Hant").ruleLocale == "zh")
        #expect(PluralRules(locale: "tlh").ruleLocale == "root")
        #expect(PluralRules(locale: "tlh").categories == [.other])
        #expect(PluralRules(locale: "en", kind: .ordinal).category(for: 22) == .two)
        #expect(PluralRules(locale: "pt-PT").category(for: 0) == .other)
        #expect(PluralRules(locale: "pt-BR").category(for: 0) == .one)
    }
}
