public import NarratorJSON

/// One key of a String Catalog with its text in each language.
public struct CatalogEntry: Sendable {
    public var key: String
    /// Where the key is written in the table.
    public var position: SourcePosition
    /// The note for translators (`comment`).
    public var comment: String?
    /// False for text that must stay as in the source language (`shouldTranslate: false`).
    public var shouldTranslate: Bool
    public var extractionState: String?
    /// Text per language, keyed by the language tag as the table writes it.
    public var localizations: [String: CatalogLocalization]

    /// The localization for a locale, compared case-insensitively (`pt-br` finds `pt-BR`).
    public func localization(for locale: LocaleIdentifier) -> CatalogLocalization? {
        if let exact = localizations[locale.tag] { return exact }
        return localizations.first(where: { LocaleIdentifier($0.key).matches(locale) })?.value
    }
}

/// The text of one key in one language: a plain string unit, or variations, plus the
/// substitutions (`%#@name@`) the text refers to.
public struct CatalogLocalization: Sendable {
    public var language: String
    /// Where the language is written inside the entry.
    public var position: SourcePosition
    /// Nil when the table has neither `stringUnit` nor `variations` for this language.
    public var value: CatalogValue?
    public var substitutions: [String: CatalogSubstitution]
}

/// A `%#@name@` substitution: a number given as argument `argNum` picks one of its plural forms,
/// and `%arg` in that form stands for the number formatted with `formatSpecifier`.
public struct CatalogSubstitution: Sendable {
    public var name: String
    public var position: SourcePosition
    /// The 1-based argument that chooses the form; nil means "the position of `%#@name@`".
    public var argNum: Int?
    /// The printf conversion without its `%`: `lld`, `d`, `.1f`, `@`.
    public var formatSpecifier: String?
    /// The plural forms; nil when the substitution has none (a broken table).
    public var plural: CatalogVariations?
}
