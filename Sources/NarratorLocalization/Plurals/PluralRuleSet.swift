/// One CLDR rule set: the categories a group of languages uses and the function that picks one.
///
/// The sets themselves are generated from the CLDR XML (see `scripts/generate-plural-rules.py`).
struct PluralRuleSet: Sendable {
    /// Every category the rules can select, `other` included, in CLDR order.
    let categories: [PluralCategory]
    let select: @Sendable (PluralOperands) -> PluralCategory

    init(categories: [PluralCategory], select: @escaping @Sendable (PluralOperands) -> PluralCategory) {
        self.categories = categories
        self.select = select
    }
}
