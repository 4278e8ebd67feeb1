import Testing

@testable import NarratorLocalization

/// The narrator's additions to CLDR (`SpelloutSupplement`): the words each gives, written here by
/// hand, and the data kept apart from CLDR's (the conformance test runs ICU on the same rule text).
@Suite("the narrator's spell-out supplement")
struct SpelloutSupplementTests {
    static let feminine = "spellout-cardinal-feminine-nominative"
    static let feminineBeforeNoun = "spellout-cardinal-feminine-nominative-attributive"
    static let masculine = "spellout-cardinal-masculine-nominative"
    static let masculineBeforeNoun = "spellout-cardinal-masculine-nominative-attributive"

    /// Arabic numbers as a speaker writes them fully vowelled, in the nominative: alone, and before
    /// the noun they count (construct state for 3-10 and whole hundreds and thousands).
    @Test(
        "Arabic numbers agree with the counted noun, with vowels and case endings",
        arguments: [
            (feminine, 0, "صِفْرٌ"), (feminine, 1, "واحِدَةٌ"), (feminine, 2, "اِثْنَتانِ"), (feminine, 3, "ثَلاثٌ"),
            (feminine, 6, "سِتٌّ"), (feminine, 8, "ثَمانٍ"), (feminine, 10, "عَشْرٌ"),
            (feminine, 11, "إِحْدى عَشْرَةَ"), (feminine, 12, "اِثْنَتا عَشْرَةَ"), (feminine, 13, "ثَلاثَ عَشْرَةَ"),
            (feminine, 18, "ثَمانِيَ عَشْرَةَ"), (feminine, 20, "عِشْرونَ"), (feminine, 21, "إِحْدى وَعِشْرونَ"),
            (feminine, 22, "اِثْنَتانِ وَعِشْرونَ"), (feminine, 28, "ثَمانٍ وَعِشْرونَ"), (feminine, 66, "سِتٌّ وَسِتّونَ"),
            (feminine, 99, "تِسْعٌ وَتِسْعونَ"), (feminine, 100, "مِئَةٌ"), (feminine, 101, "مِئَةٌ وَواحِدَةٌ"),
            (feminine, 103, "مِئَةٌ وَثَلاثٌ"), (feminine, 111, "مِئَةٌ وَإِحْدى عَشْرَةَ"), (feminine, 200, "مِئَتانِ"),
            (feminine, 300, "ثَلاثُمِئَةٍ"), (feminine, 800, "ثَمانِمِئَةٍ"), (feminine, 1000, "أَلْفٌ"),
            (feminine, 1005, "أَلْفٌ وَخَمْسٌ"), (feminine, 2000, "أَلْفانِ"), (feminine, 3000, "ثَلاثَةُ آلافٍ"),
            (feminine, 10000, "عَشَرَةُ آلافٍ"), (feminine, 11000, "أَحَدَ عَشَرَ أَلْفًا"),
            (feminine, 21000, "واحِدٌ وَعِشْرونَ أَلْفًا"), (feminine, 100000, "مِئَةُ أَلْفٍ"),
            (feminine, 101000, "مِئَةُ أَلْفٍ وَأَلْفٌ"),
            (feminine, 123456, "مِئَةُ أَلْفٍ وَثَلاثَةٌ وَعِشْرونَ أَلْفًا وَأَرْبَعُمِئَةٍ وَسِتٌّ وَخَمْسونَ"),
            (feminine, 1_000_000, "1000000"), (feminine, -5, "سالِبُ خَمْسٌ"),
            (feminineBeforeNoun, 1, "واحِدَةٌ"), (feminineBeforeNoun, 3, "ثَلاثُ"), (feminineBeforeNoun, 6, "سِتُّ"),
            (feminineBeforeNoun, 8, "ثَمانِي"), (feminineBeforeNoun, 10, "عَشْرُ"),
            (feminineBeforeNoun, 11, "إِحْدى عَشْرَةَ"), (feminineBeforeNoun, 21, "إِحْدى وَعِشْرونَ"),
            (feminineBeforeNoun, 100, "مِئَةُ"), (feminineBeforeNoun, 101, "مِئَةٌ وَواحِدَةٌ"),
            (feminineBeforeNoun, 103, "مِئَةٌ وَثَلاثُ"), (feminineBeforeNoun, 200, "مِئَتا"),
            (feminineBeforeNoun, 203, "مِئَتانِ وَثَلاثُ"), (feminineBeforeNoun, 300, "ثَلاثُمِئَةِ"),
            (feminineBeforeNoun, 310, "ثَلاثُمِئَةٍ وَعَشْرُ"), (feminineBeforeNoun, 400, "أَرْبَعُمِئَةِ"),
            (feminineBeforeNoun, 1000, "أَلْفُ"), (feminineBeforeNoun, 1003, "أَلْفٌ وَثَلاثُ"),
            (feminineBeforeNoun, 2000, "أَلْفا"), (feminineBeforeNoun, 5000, "خَمْسَةُ آلافِ"),
            (feminineBeforeNoun, 5003, "خَمْسَةُ آلافٍ وَثَلاثُ"), (feminineBeforeNoun, 11000, "أَحَدَ عَشَرَ أَلْفًا"),
            (feminineBeforeNoun, 100000, "مِئَةُ أَلْفِ"), (feminineBeforeNoun, 200000, "مِئَتا أَلْفِ"),
            (feminineBeforeNoun, 100003, "مِئَةُ أَلْفٍ وَثَلاثُ"),
            (masculine, 1, "واحِدٌ"), (masculine, 2, "اِثْنانِ"), (masculine, 3, "ثَلاثَةٌ"), (masculine, 8, "ثَمانِيَةٌ"),
            (masculine, 10, "عَشَرَةٌ"), (masculine, 11, "أَحَدَ عَشَرَ"), (masculine, 12, "اِثْنا عَشَرَ"),
            (masculine, 13, "ثَلاثَةَ عَشَرَ"), (masculine, 21, "واحِدٌ وَعِشْرونَ"), (masculine, 105, "مِئَةٌ وَخَمْسَةٌ"),
            (masculine, 1005, "أَلْفٌ وَخَمْسَةٌ"), (masculine, 2005, "أَلْفانِ وَخَمْسَةٌ"),
            (masculineBeforeNoun, 3, "ثَلاثَةُ"), (masculineBeforeNoun, 10, "عَشَرَةُ"), (masculineBeforeNoun, 100, "مِئَةُ"),
            (masculineBeforeNoun, 105, "مِئَةٌ وَخَمْسَةُ"), (masculineBeforeNoun, 3000, "ثَلاثَةُ آلافِ"),
        ])
    func arabic(ruleSet: String, value: Int, expected: String) throws {
        let rules = try #require(SpelloutRules(locale: "ar"))
        let words = try rules.format(value, ruleSet: ruleSet)
        // Swift compares strings by canonical equivalence, which ignores the order of a vowel mark and
        // a shadda; espeak-ng reads only shadda first, so the scalars are compared.
        #expect(Array(words.unicodeScalars) == Array(expected.unicodeScalars), "\(value): \(words)")
    }

    @Test("Arabic words put shadda before the vowel mark, the only order espeak-ng reads")
    func shaddaFirst() throws {
        let text = try #require(SpelloutSupplement.ruleSets["ar"])
        let scalars = Array(text.unicodeScalars)
        let vowelMarks = Set((0x064B...0x0650).map { Unicode.Scalar($0)! } + [Unicode.Scalar(0x0652)!])
        let misordered = scalars.indices.dropLast().filter {
            vowelMarks.contains(scalars[$0]) && scalars[$0 + 1] == "\u{0651}"
        }
        #expect(misordered.isEmpty)
    }

    @Test(
        "Russian numbers are written with ё where CLDR writes е, and третьему where it writes третьому",
        arguments: [
            ("spellout-cardinal-feminine-genitive", 3, "трёх"), ("spellout-cardinal-masculine-genitive", 4, "четырёх"),
            ("spellout-cardinal-feminine-genitive", 300, "трёхсот"), ("spellout-cardinal-masculine-dative", 3, "трём"),
            ("spellout-cardinal-feminine-dative", 400, "четырёмстам"),
            ("spellout-cardinal-masculine-ablative", 0, "нулём"), ("spellout-cardinal-masculine-ablative", 3, "тремя"),
            ("spellout-ordinal-masculine", 24, "двадцать четвёртый"), ("spellout-cardinal-feminine", 3, "три"),
            ("spellout-ordinal-masculine-dative", 3, "третьему"),
            ("spellout-ordinal-masculine-dative", 23, "двадцать третьему"),
            ("spellout-ordinal-neuter-dative", 3, "третьему"),
        ])
    func russian(ruleSet: String, value: Int, expected: String) throws {
        let rules = try #require(SpelloutRules(locale: "ru"))
        #expect(try rules.format(value, ruleSet: ruleSet) == expected)
    }

    @Test("the supplement adds only new rule set names to locales CLDR has, and respells words CLDR writes")
    func keptApart() throws {
        for (locale, added) in SpelloutSupplement.ruleSets {
            let cldr = try #require(CLDRSpelloutRules.byLocale[locale], "\(locale) is not a CLDR locale")
            let cldrNames = Set(
                cldr.split(separator: "\n").filter { $0.hasSuffix(":") }.map { String($0).trimmingWhitespace() })
            let addedNames = added.split(separator: "\n").filter { $0.hasSuffix(":") }.map {
                String($0).trimmingWhitespace()
            }
            #expect(!addedNames.isEmpty)
            #expect(cldrNames.isDisjoint(with: addedNames), "\(locale) redefines a CLDR rule set")
        }
        for (locale, words) in SpelloutSupplement.respellings {
            let cldr = try #require(CLDRSpelloutRules.byLocale[locale], "\(locale) is not a CLDR locale")
            for (word, respelled) in words {
                // Each entry still matches a word of CLDR's data, so a new CLDR release that fixes it shows.
                #expect(SpelloutSupplement.respell(cldr, [word: respelled]) != cldr, "\(locale) \(word)")
            }
        }
    }
}
