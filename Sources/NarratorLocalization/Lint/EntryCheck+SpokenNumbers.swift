import NarratorJSON

extension EntryCheck {
    /// Numbers marked `^[%arg](spellout: "...")` must name a rule set the language has (CLDR's, or the
    /// narrator's own in `SpelloutSupplement`) and mark a whole number: otherwise the line cannot be
    /// spoken at all.
    mutating func checkSpokenNumbers(_ unit: StringUnit, form: String, language: String) {
        guard let format = try? FormatString(parsing: unit.value, allowsSubstitutionArgument: true) else { return }
        for spoken in format.spokenNumbers {
            if let placeholder = spoken.placeholder, placeholder.conversion.argumentKind != .integer {
                report(
                    .spokenNumber, at: unit.position, language: language,
                    "\(form) marks \(placeholder.text) to be spoken as words, which only whole numbers can be: "
                        + "use %lld, or remove the markup")
                continue
            }
            guard let rules = SpelloutRules(locale: NumberStyle(locale: language).locale.spelloutLocale) else {
                report(
                    .spokenNumber, at: unit.position, language: language,
                    "\(form) marks \(spoken.text) but CLDR has no spelled-out numbers for \(language): "
                        + "keep the number as digits")
                continue
            }
            guard rules.hasRuleSet(spoken.ruleSet) else {
                let known = rules.ruleSetNames.map { $0.hasPrefix("spellout-") ? String($0.dropFirst(9)) : $0 }
                report(
                    .spokenNumber, at: unit.position, language: language,
                    "\(form) asks for the number form \"\(spoken.ruleSet)\", which \(language) does not have "
                        + "(CLDR \(SpelloutRules.cldrVersion) and the narrator's own): use one of "
                        + known.joined(separator: ", "))
                continue
            }
        }
    }
}
