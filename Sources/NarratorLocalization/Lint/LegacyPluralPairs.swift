import NarratorJSON

/// Finds the iOS game's old pattern: two keys such as `%lld life remaining` and
/// `%lld lives remaining`, or `1 hour` and `%lld hours`, one picked when n == 1: the texts are the
/// same but for one word next to the number, singular in one and plural in the other. That choice is wrong for most languages (French
/// says "1,5 vie", Polish needs three forms, Arabic six), so lint suggests one plural key instead.
enum LegacyPluralPairs {
    static func find(in catalog: StringCatalog) -> [Diagnostic] {
        pairs(in: catalog).map { pair in
            Diagnostic(
                .legacyPluralPair, path: catalog.name, position: pair.singular.position, key: pair.singular.key,
                message:
                    "pairs with \"\(pair.plural.key)\" to choose singular or plural with n == 1, which is wrong "
                    + "for French, Polish, Russian, Arabic and others: replace both with one key whose "
                    + "plural variations have every category each language needs (like lives_remaining)")
        }
    }

    /// Every such pair of keys, the singular one first.
    static func pairs(in catalog: StringCatalog) -> [(singular: CatalogEntry, plural: CatalogEntry)] {
        let candidates = catalog.entries.compactMap { entry -> (entry: CatalogEntry, words: [String])? in
            let words = self.words(of: entry, sourceLanguage: catalog.sourceLanguage)
            return words.map { (entry, $0) }
        }
        var pairs: [(singular: CatalogEntry, plural: CatalogEntry)] = []
        for (index, singular) in candidates.enumerated() {
            for plural in candidates[(index + 1)...] {
                if let pair = orderedPair(singular, plural) { pairs.append(pair) }
            }
        }
        return pairs
    }

    /// The lowercased words of the key (if it holds a placeholder) or of its source text, with the
    /// one number (a whole-number placeholder, or the digit 1 written out) as "#"; nil when the
    /// text has not exactly one number.
    private static func words(of entry: CatalogEntry, sourceLanguage: String) -> [String]? {
        var text = entry.key
        if !text.contains("%"), case .unit(let unit)? = entry.localization(for: LocaleIdentifier(sourceLanguage))?.value
        {
            text = unit.value
        }
        guard let format = try? FormatString(parsing: text), format.substitutions.isEmpty,
            !format.placeholders.contains(where: { $0.conversion.argumentKind == .string })
        else { return nil }
        var words: [String] = []
        for segment in format.segments {
            switch segment {
            case .literal(let literal):
                var word = ""
                for character in literal.lowercased() + " " {
                    if character.isLetter || character.isNumber {
                        word.append(character)
                    } else if !word.isEmpty {
                        words.append(word == "1" ? "#" : word)
                        word = ""
                    }
                }
            default:
                words.append("#")
            }
        }
        return words.count(where: { $0 == "#" }) == 1 ? words : nil
    }

    private static func orderedPair(
        _ first: (entry: CatalogEntry, words: [String]), _ second: (entry: CatalogEntry, words: [String])
    ) -> (singular: CatalogEntry, plural: CatalogEntry)? {
        guard first.words.count == second.words.count else { return nil }
        let differences = zip(first.words, second.words).enumerated().filter { $0.element.0 != $0.element.1 }
        guard differences.count == 1, let difference = differences.first,
            let number = first.words.firstIndex(of: "#"), second.words.firstIndex(of: "#") == number,
            abs(difference.offset - number) <= 2
        else { return nil }
        let (a, b) = difference.element
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
