extension EntryCheck {
    /// States that are findings of their own (`state`): a text so marked will be looked at anyway.
    static let reviewStates: Set<String> = ["new", "needs_review", "stale"]

    /// A translation equal to its source text is reported only where it is likely a forgotten one
    /// (docs/LOCALIZATION.md, "identical-to-source"): a phrase of two words or more, or a word in
    /// other letters than the language's own texts in the table. Not: a text marked for review
    /// (reported as `state`); one most translators kept too (a name); text without letters, single
    /// letters and abbreviations; a single word in the language's own letters (a shared word).
    mutating func checkIdentical(_ localization: CatalogLocalization, to source: CatalogLocalization) {
        let language = localization.language
        guard LocaleIdentifier(language).language != LocaleIdentifier(catalog.sourceLanguage).language,
            let mine = localization.value, let texts = Self.identicalTexts(localization, source),
            !mine.units.contains(where: { Self.reviewStates.contains($0.unit.state ?? "") })
        else { return }
        let translations = entry.localizations.values.filter {
            $0.value != nil && LocaleIdentifier($0.language).language != LocaleIdentifier(source.language).language
        }
        let kept = translations.count(where: { Self.identicalTexts($0, source) != nil })
        guard kept < 3 || kept * 2 < translations.count else { return }
        var subjects: [String] = []
        var reasons: [String] = []
        for text in texts {
            let literal = FormatString(findingPlaceholdersIn: text, allowsSubstitutionArgument: true).literalText
                .trimmingWhitespace()
            guard !configuration.identicalAllowed.contains(text.trimmingWhitespace()),
                !Self.isLetterOrAbbreviation(literal)
            else { continue }
            let words = literal.split(whereSeparator: \.isWhitespace).filter { $0.contains(where: \.isLetter) }
            if words.count >= 2 {
                reasons.append("and a phrase of several words left unchanged is most often one nobody translated")
            } else if let expected = scripts[language], let own = WritingScript.main(of: [literal]), own != expected {
                reasons.append(
                    "in \(own) where the table's other \(language) texts use \(expected), so most likely nobody "
                        + "translated it")
            } else {
                continue
            }
            subjects.append(text.trimmingWhitespace())
        }
        guard let reason = reasons.first else { return }
        report(
            .identicalToSource, at: mine.units.first?.unit.position ?? localization.position, language: language,
            "is the same as the \(catalog.sourceLanguage) text, \(reason): translate it, or, if it is right in "
                + "\(language) (a name, a title), allow it in \(AllowList.fileName(forTable: catalog.name))",
            subjects: subjects)
    }

    /// The texts of a translation that show whether it was translated, when they all equal the
    /// source's; nil when any differs.
    static func identicalTexts(_ localization: CatalogLocalization, _ source: CatalogLocalization) -> [String]? {
        guard let mine = localization.value, let theirs = source.value else { return nil }
        let texts = mainTexts(mine) + substitutionTexts(localization)
        return texts == mainTexts(theirs) + substitutionTexts(source) ? texts : nil
    }

    /// Text a voice reads the same in every language: no letters at all (numbers, symbols), one
    /// letter (`x`, `A`), or one word of up to five characters without a small letter (`OK`, `HUD`, `L2`).
    static func isLetterOrAbbreviation(_ literal: String) -> Bool {
        let letters = literal.count(where: \.isLetter)
        if letters <= 1 { return true }
        return literal.count <= 5 && !literal.contains(where: \.isWhitespace) && !literal.contains(where: \.isLowercase)
    }

    /// The `other` form of each substitution, by name.
    static func substitutionTexts(_ localization: CatalogLocalization) -> [String] {
        localization.substitutions.sorted(by: { $0.key < $1.key }).flatMap { _, substitution in
            substitution.plural.map { mainTexts(.plural($0)) } ?? []
        }
    }

    /// The texts that show whether something was translated: the unit, or each `other` form.
    static func mainTexts(_ value: CatalogValue) -> [String] {
        switch value {
        case .unit(let unit): [unit.value]
        case .plural(let variations), .device(let variations):
            variations.value("other").map(mainTexts) ?? variations.cases.flatMap { mainTexts($0.value) }
        }
    }

    /// The script each language's texts in a table are mostly written in, from the texts that differ
    /// from the source (those equal to it may be the forgotten ones).
    static func scripts(of catalog: StringCatalog) -> [String: WritingScript] {
        var texts: [String: [String]] = [:]
        let source = LocaleIdentifier(catalog.sourceLanguage)
        for entry in catalog.entries where entry.shouldTranslate {
            let sourceText = entry.localization(for: source)
            for localization in entry.localizations.values {
                guard let value = localization.value,
                    sourceText.map({ identicalTexts(localization, $0) == nil }) ?? true
                else { continue }
                texts[localization.language, default: []] += value.units.map(\.unit.value)
            }
        }
        return texts.compactMapValues { WritingScript.main(of: $0) }
    }
}
