import Testing

@testable import NarratorLocalization

/// Every sample of every locale in the pinned CLDR files must select the category CLDR lists it under.
@Suite("CLDR plural rules conformance")
struct CLDRConformanceTests {
    @Test(
        "every CLDR sample selects its category",
        arguments: [
            (PluralRules.Kind.cardinal, "plurals.xml", 11_911),
            (PluralRules.Kind.ordinal, "ordinals.xml", 2_484),
        ])
    func samplesSelectTheirCategory(kind: PluralRules.Kind, file: String, expectedCount: Int) throws {
        let samples = try CLDRSamples(file: file).samples
        // A silently short parse would pass every remaining check, so the total is pinned too.
        #expect(samples.count == expectedCount)
        var failures: [String] = []
        for sample in samples {
            guard let operands = PluralOperands(sample.number) else {
                failures.append("\(sample): the number does not parse")
                continue
            }
            let rules = PluralRules(locale: sample.locale, kind: kind)
            #expect(rules.ruleLocale == LocaleIdentifier(sample.locale).normalized, "\(sample.locale) has no rules")
            let category = rules.category(for: operands)
            if category.rawValue != sample.category {
                failures.append("\(sample): got \(category)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) samples select the wrong category: \(failures.prefix(20))")
    }

    @Test("the generated rules record the CLDR release the samples come from")
    func versionIsPinned() {
        #expect(PluralRules.cldrVersion == "41")
        #expect(CLDROrdinalRules.cldrVersion == PluralRules.cldrVersion)
    }

    @Test("sample ranges expand by the precision of their endpoints")
    func rangesExpand() throws {
        #expect(try CLDRSamples.expand("0~3, 100, …") == ["0", "1", "2", "3", "100"])
        #expect(try CLDRSamples.expand("0.0~0.3") == ["0.0", "0.1", "0.2", "0.3"])
        #expect(try CLDRSamples.expand("0.00~0.02, 1c6") == ["0.00", "0.01", "0.02", "1c6"])
        #expect(throws: CLDRSamples.BadRange.self) { try CLDRSamples.expand("0.0~15") }
    }
}
