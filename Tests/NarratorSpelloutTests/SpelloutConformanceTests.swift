import CICU
import NarratorTestSupport
import Testing

@testable import NarratorLocalization

/// CLDR 41 ships no test data for its spell-out rules (`common/testData` has none for rbnf), so the
/// interpreter is checked against ICU's own rule-based formatter running the very same rule text
/// (CLDR's, with the narrator's supplement): every public rule set of every locale, on a fixed list
/// of numbers that reach each rule kind and a seeded random sample up to 10^15, negatives included.
@Suite("CLDR spell-out rules against ICU")
struct SpelloutConformanceTests {
    /// An ICU formatter over one locale's generated rule description.
    final class ICUFormatter {
        private let handle: UnsafeMutableRawPointer

        init(description: String, locale: String) throws {
            let rules = Array(description.utf16)
            var status: Int32 = 0
            let handle = narrator_icu_open(rules, Int32(rules.count), Self.icuLocale(locale), &status)
            guard let handle, status <= 0 else { throw ICUFailure(call: "unum_open(\(locale))", status: status) }
            self.handle = handle
        }

        deinit { narrator_icu_close(handle) }

        func format(_ value: Int64, ruleSet: String) throws -> String {
            let name = Array(("%" + ruleSet).utf16)
            let setStatus = narrator_icu_set_rule_set(handle, name, Int32(name.count))
            guard setStatus <= 0 else { throw ICUFailure(call: "unum_setTextAttribute(\(ruleSet))", status: setStatus) }
            var buffer = [UInt16](repeating: 0, count: 512)
            var status: Int32 = 0
            let length = narrator_icu_format(handle, value, &buffer, Int32(buffer.count), &status)
            guard status <= 0 else { throw ICUFailure(call: "unum_formatInt64(\(value))", status: status) }
            return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
        }

        /// `pt-pt` -> `pt_PT`, `zh-hant` -> `zh_Hant`.
        static func icuLocale(_ tag: String) -> String {
            let parts = tag.split(separator: "-").map(String.init)
            return
                ([parts[0]]
                + parts.dropFirst().map { $0.count == 4 ? $0.prefix(1).uppercased() + $0.dropFirst() : $0.uppercased() })
                .joined(separator: "_")
        }
    }

    struct ICUFailure: Error, CustomStringConvertible {
        let call: String
        let status: Int32
        var description: String { "\(call) failed with UErrorCode \(status)" }
    }

    /// Numbers that reach every kind of rule: each base value up to 200, the hundreds and thousands
    /// boundaries, powers of ten and their neighbours, the languages' irregular spots (70-99 in
    /// French, 1000-1100, 2000-2100), and a seeded random sample of every length up to 15 digits.
    static let numbers: [Int64] = {
        var numbers = Set<Int64>(0...220)
        for hundred in stride(from: Int64(200), through: 1100, by: 100) {
            numbers.formUnion((hundred - 2)...(hundred + 22))
        }
        numbers.formUnion([1999, 2000, 2001, 2010, 2021, 2100, 10_001, 11_000, 21_000, 100_001, 123_456, 1_000_000])
        var power: Int64 = 10
        while power <= 1_000_000_000_000_000 {
            numbers.formUnion([power - 1, power, power + 1, power * 2, power * 2 + 1, power * 21 / 10])
            power *= 10
        }
        var generator = SeededGenerator(seed: 0x5EED_C1D2)
        for digits in 1...15 {
            var bound: Int64 = 1
            for _ in 0..<digits { bound *= 10 }
            for _ in 0..<12 { numbers.insert(Int64(generator.next() % UInt64(bound))) }
        }
        let positive = numbers.sorted()
        return positive + positive.filter { $0 % 7 == 0 }.map { -$0 }
    }()

    @Test("every public rule set of every locale matches ICU on the same rules")
    func matchesICU() throws {
        #expect(SpelloutRules.locales.count == 85)  // every CLDR 41 rbnf file with SpelloutRules
        var failures: [String] = []
        var compared = 0
        for locale in SpelloutRules.locales {
            let description = try #require(SpelloutSupplement.description(of: locale))
            let ours = try SpelloutRules(ruleLocale: locale, description: description)
            let icu = try ICUFormatter(description: description, locale: locale)
            #expect(!ours.ruleSetNames.isEmpty, "\(locale) has no public rule set")
            for ruleSet in ours.ruleSetNames {
                for number in Self.numbers {
                    let expected = try icu.format(number, ruleSet: ruleSet)
                    // A decimal pattern (=#,##0=) is written in ASCII digits without grouping on purpose.
                    if expected.unicodeScalars.contains(where: { $0.properties.numericType == .decimal }) { continue }
                    compared += 1
                    let got = (try? ours.format(Int(number), ruleSet: ruleSet)) ?? "(error)"
                    if got != expected { failures.append("\(locale) \(ruleSet) \(number): \(got) != \(expected)") }
                }
            }
        }
        // Most rule sets spell out every number below 10^15, so nearly all comparisons happen.
        #expect(compared > 400_000)
        let differing = failures.count
        #expect(differing == 0, "differ from ICU, first: \(failures.prefix(15))")
    }

    @Test(
        "the grammatical forms the shipped tables use",
        arguments: [
            ("ru", "spellout-cardinal-feminine", 2, "две"),
            ("ru", "spellout-cardinal-feminine", 21, "двадцать одна"),
            ("pt-BR", "spellout-cardinal-feminine", 2, "duas"),
            ("pt-PT", "spellout-cardinal-feminine", 22, "vinte e duas"),
            ("ca", "spellout-cardinal-feminine", 2, "dues"),
            ("fr", "spellout-cardinal-feminine", 1, "une"),
            ("fr-CA", "spellout-cardinal-feminine", 21, "vingt-et-une"),
            ("es-MX", "spellout-cardinal-feminine", 101, "ciento una"),
            ("ko", "spellout-cardinal-native-attributive", 3, "세"),
            ("ko", "spellout-ordinal-native-count", 1, "첫 번째"),
            ("zh-Hans", "spellout-cardinal", 105, "一百零五"),
            ("zh-Hant", "spellout-cardinal", 1005, "一千零五"),
            ("zh-Hans", "spellout-cardinal-alternate2", 2, "两"),
            ("yue", "spellout-cardinal", 105, "一百零五"),
        ])
    func knownForms(locale: String, ruleSet: String, value: Int, expected: String) throws {
        let rules = try #require(SpelloutRules(locale: locale))
        #expect(try rules.format(value, ruleSet: ruleSet) == expected)
    }

    @Test("the whole Int range is spelled out, Int.min included")
    func extremes() throws {
        let rules = try #require(SpelloutRules(locale: "en"))
        #expect(try rules.format(Int.min, ruleSet: "spellout-cardinal") == "minus 9223372036854775808")
        #expect(try rules.format(-5, ruleSet: "spellout-cardinal") == "minus five")
        #expect(try rules.format(Int.max, ruleSet: "%spellout-cardinal") == "9223372036854775807")
    }

    @Test("an unknown rule set names the ones the language has")
    func unknownRuleSet() throws {
        let rules = try #require(SpelloutRules(locale: "ru"))
        #expect(throws: SpelloutError.self) { try rules.format(2, ruleSet: "spellout-cardinal-neutral") }
        do {
            _ = try rules.format(2, ruleSet: "cardinal-feminin")
        } catch {
            #expect(error.description.contains("cardinal-feminine"))
        }
        #expect(SpelloutRules(locale: "xx") == nil)
        #expect(SpelloutRules.cldrVersion == PluralRules.cldrVersion)
    }
}
