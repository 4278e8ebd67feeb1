/// The narrator's own additions to CLDR's spell-out data (`CLDRSpelloutRules`), for numbers that CLDR
/// does not write the way espeak-ng must read them. Hand-written, in the same ICU rule syntax, and
/// checked against ICU's own formatter by the same conformance test as CLDR's rules.
///
/// Two kinds, both documented for translators in docs/LOCALIZATION.md:
/// - rule sets a language gets beside CLDR's (`ruleSets`), under names CLDR does not use;
/// - CLDR words respelled for the voice (`respellings`), where CLDR's spelling is right as text but
///   read wrong aloud.
enum SpelloutSupplement {
    /// Rule sets added to a CLDR locale's description.
    ///
    /// Arabic (`ar`): espeak-ng's Arabic voice reads only vowelled text right (unvowelled مائة وخمسة
    /// is heard "m'a:?t wXmst"), and CLDR's Arabic rule sets are unvowelled and do not agree with a
    /// feminine counted noun (its `spellout-cardinal-feminine` gives ثلاثة for 3 and إحدى عشر for 11,
    /// where حياة or روح takes ثلاث and إحدى عشرة). These sets write every word with its vowels and
    /// case ending (the nominative, as a subject or a bare number is), shadda before the vowel mark as
    /// the voice expects it:
    /// - `spellout-cardinal-feminine-nominative`, `spellout-cardinal-masculine-nominative`: the number
    ///   alone, for a feminine or masculine counted noun (3 ثَلاثٌ or ثَلاثَةٌ, 101 مِئَةٌ وَواحِدَةٌ).
    /// - `...-nominative-attributive`: the number before its counted noun, with the last word in the
    ///   construct state where Arabic puts it there (3 ثَلاثُ أَرْواحٍ, 100 مِئَةُ رُوحٍ); 11-99 are the
    ///   same as alone (إِحْدى عَشْرَةَ رُوحًا).
    /// Words go up to 999999; a million and above stay digits, which the voice reads in the
    /// masculine.
    static let ruleSets: [String: String] = [
        "ar": #"""
        %spellout-cardinal-feminine-nominative:
        -x: سالِبُ >>;
        0: صِفْرٌ;
        1: واحِدَةٌ;
        2: اِثْنَتانِ;
        3: ثَلاثٌ;
        4: أَرْبَعٌ;
        5: خَمْسٌ;
        6: سِتٌّ;
        7: سَبْعٌ;
        8: ثَمانٍ;
        9: تِسْعٌ;
        10: عَشْرٌ;
        11: إِحْدى عَشْرَةَ;
        12: اِثْنَتا عَشْرَةَ;
        13: >%%feminine-before-ten> عَشْرَةَ;
        20: [>%%feminine-before-tens> وَ]عِشْرونَ;
        30: [>%%feminine-before-tens> وَ]ثَلاثونَ;
        40: [>%%feminine-before-tens> وَ]أَرْبَعونَ;
        50: [>%%feminine-before-tens> وَ]خَمْسونَ;
        60: [>%%feminine-before-tens> وَ]سِتّونَ;
        70: [>%%feminine-before-tens> وَ]سَبْعونَ;
        80: [>%%feminine-before-tens> وَ]ثَمانونَ;
        90: [>%%feminine-before-tens> وَ]تِسْعونَ;
        100: مِئَةٌ[ وَ>>];
        200: مِئَتانِ[ وَ>>];
        300: <%%hundreds-prefix<مِئَةٍ[ وَ>>];
        1000: أَلْفٌ[ وَ>>];
        2000: أَلْفانِ[ وَ>>];
        3000: <%spellout-cardinal-masculine-nominative-attributive< آلافٍ[ وَ>>];
        11000/1000: <%spellout-cardinal-masculine-nominative< أَلْفًا[ وَ>>];
        100000: <%%hundreds-attributive< أَلْفٍ[ وَ>>];
        1000000: =#,##0=;
        %spellout-cardinal-feminine-nominative-attributive:
        -x: سالِبُ >>;
        0: =%spellout-cardinal-feminine-nominative=;
        3: ثَلاثُ;
        4: أَرْبَعُ;
        5: خَمْسُ;
        6: سِتُّ;
        7: سَبْعُ;
        8: ثَمانِي;
        9: تِسْعُ;
        10: عَشْرُ;
        11: =%spellout-cardinal-feminine-nominative=;
        100: مِئَةُ;
        101: مِئَةٌ وَ>>;
        200: مِئَتا;
        201: مِئَتانِ وَ>>;
        300: <%%hundreds-prefix<مِئَةِ;
        301: <%%hundreds-prefix<مِئَةٍ وَ>>;
        1000: أَلْفُ;
        1001: أَلْفٌ وَ>>;
        2000: أَلْفا;
        2001: أَلْفانِ وَ>>;
        3000: <%spellout-cardinal-masculine-nominative-attributive< آلافِ;
        3001: <%spellout-cardinal-masculine-nominative-attributive< آلافٍ وَ>>;
        11000/1000: <%spellout-cardinal-masculine-nominative< أَلْفًا[ وَ>>];
        100000: <%%hundreds-attributive< أَلْفِ;
        100001: <%%hundreds-attributive< أَلْفٍ وَ>>;
        1000000: =#,##0=;
        %spellout-cardinal-masculine-nominative:
        -x: سالِبُ >>;
        0: صِفْرٌ;
        1: واحِدٌ;
        2: اِثْنانِ;
        3: ثَلاثَةٌ;
        4: أَرْبَعَةٌ;
        5: خَمْسَةٌ;
        6: سِتَّةٌ;
        7: سَبْعَةٌ;
        8: ثَمانِيَةٌ;
        9: تِسْعَةٌ;
        10: عَشَرَةٌ;
        11: أَحَدَ عَشَرَ;
        12: اِثْنا عَشَرَ;
        13: >%%masculine-before-ten> عَشَرَ;
        20: [>> وَ]عِشْرونَ;
        30: [>> وَ]ثَلاثونَ;
        40: [>> وَ]أَرْبَعونَ;
        50: [>> وَ]خَمْسونَ;
        60: [>> وَ]سِتّونَ;
        70: [>> وَ]سَبْعونَ;
        80: [>> وَ]ثَمانونَ;
        90: [>> وَ]تِسْعونَ;
        100: مِئَةٌ[ وَ>>];
        200: مِئَتانِ[ وَ>>];
        300: <%%hundreds-prefix<مِئَةٍ[ وَ>>];
        1000: أَلْفٌ[ وَ>>];
        2000: أَلْفانِ[ وَ>>];
        3000: <%spellout-cardinal-masculine-nominative-attributive< آلافٍ[ وَ>>];
        11000/1000: << أَلْفًا[ وَ>>];
        100000: <%%hundreds-attributive< أَلْفٍ[ وَ>>];
        1000000: =#,##0=;
        %spellout-cardinal-masculine-nominative-attributive:
        -x: سالِبُ >>;
        0: =%spellout-cardinal-masculine-nominative=;
        3: ثَلاثَةُ;
        4: أَرْبَعَةُ;
        5: خَمْسَةُ;
        6: سِتَّةُ;
        7: سَبْعَةُ;
        8: ثَمانِيَةُ;
        9: تِسْعَةُ;
        10: عَشَرَةُ;
        11: =%spellout-cardinal-masculine-nominative=;
        100: مِئَةُ;
        101: مِئَةٌ وَ>>;
        200: مِئَتا;
        201: مِئَتانِ وَ>>;
        300: <%%hundreds-prefix<مِئَةِ;
        301: <%%hundreds-prefix<مِئَةٍ وَ>>;
        1000: أَلْفُ;
        1001: أَلْفٌ وَ>>;
        2000: أَلْفا;
        2001: أَلْفانِ وَ>>;
        3000: << آلافِ;
        3001: << آلافٍ وَ>>;
        11000/1000: <%spellout-cardinal-masculine-nominative< أَلْفًا[ وَ>>];
        100000: <%%hundreds-attributive< أَلْفِ;
        100001: <%%hundreds-attributive< أَلْفٍ وَ>>;
        1000000: =#,##0=;
        %%feminine-before-ten:
        3: ثَلاثَ;
        4: أَرْبَعَ;
        5: خَمْسَ;
        6: سِتَّ;
        7: سَبْعَ;
        8: ثَمانِيَ;
        9: تِسْعَ;
        %%feminine-before-tens:
        0: =%spellout-cardinal-feminine-nominative=;
        1: إِحْدى;
        2: =%spellout-cardinal-feminine-nominative=;
        %%masculine-before-ten:
        3: ثَلاثَةَ;
        4: أَرْبَعَةَ;
        5: خَمْسَةَ;
        6: سِتَّةَ;
        7: سَبْعَةَ;
        8: ثَمانِيَةَ;
        9: تِسْعَةَ;
        %%hundreds-prefix:
        3: ثَلاثُ;
        4: أَرْبَعُ;
        5: خَمْسُ;
        6: سِتُّ;
        7: سَبْعُ;
        8: ثَمانِ;
        9: تِسْعُ;
        %%hundreds-attributive:
        1: مِئَةُ;
        2: مِئَتا;
        3: =%%hundreds-prefix=مِئَةِ;
        """#
    ]

    /// CLDR words respelled, whole words of the rule text, so every rule that builds on them changes
    /// too. Russian (`ru`): CLDR writes е for ё, as Russian print often does, and espeak-ng then says
    /// "из трех" with е where a speaker says трёх (also трёхсот, четырём, нулём, четвёртый); and
    /// CLDR 41's masculine and neuter dative ordinal of 3 is "третьому", a misspelling of третьему.
    static let respellings: [String: [String: String]] = [
        "ru": [
            "трех": "трёх", "четырех": "четырёх", "трем": "трём", "четырем": "четырём", "нулем": "нулём",
            "четвертый": "четвёртый", "четвертое": "четвёртое", "четвертая": "четвёртая",
            "четвертые": "четвёртые", "четвертого": "четвёртого", "четвертой": "четвёртой",
            "четвертых": "четвёртых", "четвертому": "четвёртому", "четвертую": "четвёртую",
            "четвертом": "четвёртом", "четвертым": "четвёртым", "четвертыми": "четвёртыми",
            "третьому": "третьему",
        ]
    ]

    /// The rule description the narrator reads for a CLDR locale (a key of
    /// `CLDRSpelloutRules.byLocale`): CLDR's, respelled, then the added rule sets; nil for a locale
    /// CLDR does not have.
    static func description(of locale: String) -> String? {
        guard var description = CLDRSpelloutRules.byLocale[locale] else { return nil }
        if let words = respellings[locale] { description = respell(description, words) }
        if let added = ruleSets[locale] { description += "\n" + added }
        return description
    }

    /// `text` with each whole word (a run of letters) found in `words` replaced.
    static func respell(_ text: String, _ words: [String: String]) -> String {
        var result = ""
        var word = ""
        for character in text {
            if character.isLetter {
                word.append(character)
                continue
            }
            result += words[word] ?? word
            word = ""
            result.append(character)
        }
        return result + (words[word] ?? word)
    }
}
