extension CatalogEntry {
    /// Whether the key takes arguments, which decides what a `%` in its texts is (docs/LOCALIZATION.md,
    /// "A % in a text").
    ///
    /// It does when its key, or its source text in any form, holds a placeholder the narrator knows
    /// (`%lld`, `%@`, `%.1f`, `%2$lld`, `%#@name@`, `%arg`), or its source text varies by plural
    /// (only a number chooses a plural form). When the table has no source text for it, every
    /// language's text is looked at instead. A key that takes none is spoken exactly as written in
    /// every language, `%` and `%%` included, as Xcode and `String(localized:)` show a string
    /// without arguments; a `%` that starts no known placeholder (`100%`, `10% of`, which printf
    /// would read as `% o`) does not make a key take arguments.
    public func takesArguments(sourceLanguage: String) -> Bool {
        if FormatString(findingPlaceholdersIn: key).usesArguments { return true }
        let source = localization(for: LocaleIdentifier(sourceLanguage))
        let texts = source.map { [$0] } ?? Array(localizations.values)
        return texts.contains(where: Self.usesArguments)
    }

    /// Whether one language's text uses an argument, in any form or substitution.
    private static func usesArguments(_ localization: CatalogLocalization) -> Bool {
        guard localization.substitutions.isEmpty else { return true }
        guard let value = localization.value else { return false }
        if variesByPlural(value) { return true }
        return value.units.contains { _, unit in
            FormatString(findingPlaceholdersIn: unit.value, allowsSubstitutionArgument: true).usesArguments
        }
    }

    private static func variesByPlural(_ value: CatalogValue) -> Bool {
        switch value {
        case .unit: false
        case .plural: true
        case .device(let variations): variations.cases.contains { variesByPlural($0.value) }
        }
    }
}
