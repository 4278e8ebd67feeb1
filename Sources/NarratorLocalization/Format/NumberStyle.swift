/// How the narrator writes numbers for speech in a language.
///
/// Digits are plain ASCII with no grouping: espeak-ng reads "12000" correctly in every language,
/// while a grouping mark is ambiguous ("12.000" is twelve in English, twelve thousand in German).
/// The decimal separator follows the language, because espeak-ng reads it literally: French "1,5"
/// is "un virgule cinq", as a French speaker says it, and "1.5" would be read "un point cinq".
/// Nothing here depends on the process locale (espeak-ng changes LC_CTYPE when it starts).
public struct NumberStyle: Sendable, Hashable {
    /// "." or ",".
    public let decimalSeparator: String
    /// The locale, for spelled-out numbers.
    public let locale: String
    /// The CLDR rule set every whole number is spoken in without any markup: `spellout-cardinal`
    /// (Han numerals) for Chinese, Mandarin and Cantonese, whose espeak-ng voices drop inner zeros
    /// when reading digits (105 is heard as 一百五, which means 150), and for Japanese, read in kana
    /// (`KanaNumerals`: the voice says いちひゃくご for 105); nil elsewhere (digits).
    public let wholeNumberRuleSet: String?

    /// Languages whose whole numbers are spoken as Han numerals (Japanese then read in kana).
    private static let hanNumeralLanguages: Set<String> = ["zh", "yue", "cmn", "ja"]

    /// Languages whose CLDR decimal separator (Latin digits) is a comma.
    private static let commaLanguages: Set<String> = [
        "af", "az", "be", "bg", "bs", "ca", "cs", "da", "de", "el", "es", "et", "eu", "fi", "fo", "fr", "gl", "hr",
        "hu", "hy", "id", "is", "it", "ka", "kk", "ky", "lt", "lv", "mk", "nb", "nl", "nn", "no", "pl", "pt", "ro",
        "ru", "sk", "sl", "sq", "sr", "sv", "tr", "uk", "uz", "vi",
    ]

    /// Regions that write a period where their language otherwise writes a comma (CLDR):
    /// Mexico and most of Latin America for Spanish, Switzerland for German and Italian.
    private static let periodRegions: Set<String> = [
        "es-mx", "es-us", "es-419", "es-pr", "es-do", "es-gt", "es-hn", "es-ni", "es-pa", "es-sv", "de-ch", "de-li",
        "it-ch",
    ]

    /// The style of a BCP-47 locale: `fr` writes "1,5", `es-MX` and `en` write "1.5".
    public init(locale: String) {
        let identifier = LocaleIdentifier(locale)
        let regional = identifier.truncations.contains(where: { Self.periodRegions.contains($0.normalized) })
        decimalSeparator = !regional && Self.commaLanguages.contains(identifier.language) ? "," : "."
        self.locale = locale
        wholeNumberRuleSet = Self.hanNumeralLanguages.contains(identifier.language) ? "spellout-cardinal" : nil
    }

    /// A whole number: "-12", "1000000", or in Chinese "一百零五".
    public func integer(_ value: Int) -> String {
        guard let wholeNumberRuleSet, let words = try? words(value, ruleSet: wholeNumberRuleSet) else {
            return String(value)
        }
        return words
    }

    /// A whole number in the words of a CLDR rule set of the language (`cardinal-feminine` or
    /// `spellout-cardinal-feminine`); Japanese words are read in kana. Throws when the language
    /// has no such rule set.
    public func words(_ value: Int, ruleSet: String) throws(SpelloutError) -> String {
        guard let rules = SpelloutRules(locale: locale.spelloutLocale) else { throw .noRules(locale: locale) }
        // CLDR marks German compound breaks with soft hyphens, which a voice does not need.
        let words = String(try rules.format(value, ruleSet: rules.resolve(ruleSet)).filter { $0 != "\u{AD}" })
        return rules.ruleLocale == "ja" ? KanaNumerals.reading(words) : words
    }

    /// A decimal with exactly `fractionDigits` digits after the separator, rounded as printf rounds
    /// (half to even on the exact binary value), and the plural operands of what is written.
    public func decimal(_ value: Double, fractionDigits: Int) -> (text: String, operands: PluralOperands) {
        let plain = Self.plainDecimal(value, fractionDigits: fractionDigits)
        let operands = PluralOperands(plain) ?? PluralOperands(Int(exactly: value.rounded(.towardZero)) ?? 0)
        let text = decimalSeparator == "." ? plain : plain.replacingFirstPeriod(with: decimalSeparator)
        return (text, operands)
    }

    /// `value` with `fractionDigits` digits and a period, exactly as printf's `%.Nf` writes it
    /// (`ExactDecimal`), computed without printf or Foundation.
    static func plainDecimal(_ value: Double, fractionDigits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-infinity" : "infinity") }
        return ExactDecimal.digits(value, fractionDigits: fractionDigits)
    }
}

extension String {
    /// The CLDR locale for spell-out: Chinese tags by script (`zh-TW` is `zh-Hant`, `zh-CN` `zh`), as
    /// table lookup maps them, and `cmn` as `zh`.
    var spelloutLocale: String {
        let identifier = LocaleIdentifier(self)
        guard identifier.language == "zh" || identifier.language == "cmn" else { return self }
        let tag = identifier.normalized
        if tag.contains("hant") || ["zh-tw", "zh-hk", "zh-mo"].contains(where: tag.hasPrefix) { return "zh-Hant" }
        return "zh"
    }

    fileprivate func replacingFirstPeriod(with separator: String) -> String {
        guard let period = firstIndex(of: ".") else { return self }
        return self[..<period] + separator + self[index(after: period)...]
    }
}
