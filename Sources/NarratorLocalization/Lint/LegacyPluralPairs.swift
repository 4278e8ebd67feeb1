/// Finds the iOS game's old pattern: two keys such as `%lld life remaining` and
/// `%lld lives remaining`, one picked when n == 1. That choice is wrong for most languages (French
/// says "1,5 vie", Polish needs three forms, Arabic six), so lint suggests one plural key instead.
enum LegacyPluralPairs {
    static func find(in catalog: StringCatalog) -> [Diagnostic] {
        let candidates = catalog.entries.compactMap { entry -> (entry: CatalogEntry, words: [String])? in
            let words = self.words(of: entry, sourceLanguage: catalog.sourceLanguage)
            return words.map { (entry, $0) }
        }
        var diagnostics: [Diagnostic] = []
        for (index, singular) in candidates.enumerated() {
            for plural in candidates[(index + 1)...] {
                guard let pair = orderedPair(singular, plural) else { continue }
                diagnostics.append(
                    Diagnostic(
                        .legacyPluralPair, path: catalog.name, position: pair.singular.position, key: pair.singular.key,
                        message:
                            "pairs with \"\(pair.plural.key)\" to choose singular or plural with n == 1, which is wrong "
                            + "for French, Polish, Russian, Arabic and others: replace both with one key whose "
                            + "plural variations have every category each language needs (like lives_remaining)"))
            }
        }
        return diagnostics
    }

    /// The lowercased words of the key (if it holds a placeholder) or of its source text, with
    /// the single number placeholder as "#"; nil when the text has not exactly one number.
    private static func words(of entry: CatalogEntry, sourceLanguage: String) -> [String]? {
        var text = entry.key
        if !text.contains("%"), case .unit(let unit)? = entry.localization(for: LocaleIdentifier(sourceLanguage))?.value
        {
            text = unit.value
        }
        guard let format = try? FormatString(parsing: text), format.substitutions.isEmpty,
            format.placeholders.count == 1, format.placeholders[0].conversion.argumentKind != .string
        else { return nil }
        var words: [String] = []
        for segment in format.segments {
            switch segment {
            case .literal(let literal):
                words += literal.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
            default:
                words.append("#")
            }
        }
        return words
    }

    private static func orderedPair(
        _ first: (entry: CatalogEntry, words: [String]), _ second: (entry: CatalogEntry, words: [String])
    ) -> (singular: CatalogEntry, plural: CatalogEntry)? {
        guard first.words.count == second.words.count else { return nil }
        let differences = zip(first.words, second.words).filter { $0 != $1 }
        guard differences.count == 1, let (a, b) = differences.first else { return nil }
        if isPlural(b, of: a) { return (first.entry, second.entry) }
        if isPlural(a, of: b) { return (second.entry, first.entry) }
        return nil
    }

    /// English plural spellings, enough to recognize the pattern (life/lives, point/points, try/tries).
    static func isPlural(_ plural: String, of singular: String) -> Bool {
        let irregular = ["life": "lives", "man": "men", "child": "children", "person": "people", "foot": "feet"]
        if irregular[singular] == plural { return true }
        if plural == singular + "s" || plural == singular + "es" { return true }
        if singular.hasSuffix("y"), plural == singular.dropLast() + "ies" { return true }
        if singular.hasSuffix("fe"), plural == singular.dropLast(2) + "ves" { return true }
        return singular.hasSuffix("f") && plural == singular.dropLast() + "ves"
    }
}
