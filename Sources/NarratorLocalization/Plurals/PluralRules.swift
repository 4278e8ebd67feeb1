/// The CLDR plural rules of one language, cardinal ("3 lives") or ordinal ("3rd place").
///
/// Built from tables generated from a pinned CLDR release (`cldrVersion`). Unknown languages get
/// CLDR's `root` rules, which use `other` for every number.
public struct PluralRules: Sendable {
    /// Cardinal rules count things; ordinal rules rank them.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case cardinal, ordinal
    }

    /// The CLDR release the rules come from.
    public static let cldrVersion = CLDRCardinalRules.cldrVersion

    /// The CLDR locale whose rules these are (`pt-pt`, `fr`, or `root` when the language is unknown).
    public let ruleLocale: String
    public let kind: Kind
    private let ruleSet: PluralRuleSet

    /// The rules for a BCP-47 locale such as `pt-PT`, `es-MX`, `zh-Hant` or `en_GB`: the most
    /// specific CLDR locale that matches (`pt-PT` has its own rules, `es-MX` uses `es`).
    public init(locale: String, kind: Kind = .cardinal) {
        let table = kind == .cardinal ? CLDRCardinalRules.byLocale : CLDROrdinalRules.byLocale
        let candidates = LocaleIdentifier(locale).truncations.map(\.normalized) + ["root"]
        let match = candidates.first(where: { table[$0] != nil }) ?? "root"
        self.ruleLocale = match
        self.kind = kind
        self.ruleSet = table[match]!
    }

    /// Every category the language uses, `other` included, in CLDR order.
    public var categories: [PluralCategory] { ruleSet.categories }

    /// The category of a number as written.
    public func category(for operands: PluralOperands) -> PluralCategory {
        ruleSet.select(operands)
    }

    /// The category of an integer.
    public func category(for value: Int) -> PluralCategory {
        ruleSet.select(PluralOperands(value))
    }
}
