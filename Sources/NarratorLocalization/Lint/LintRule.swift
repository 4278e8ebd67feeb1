/// The checks `narrator lint` runs on a table, each with the name shown in `[brackets]`.
public enum LintRule: String, Sendable, Hashable, CaseIterable, Codable {
    // Errors: the table would speak wrong text, or nothing.
    case invalidJSON = "invalid-json"
    case missingSource = "missing-source"
    case missingTranslation = "missing-translation"
    case emptyValue = "empty-value"
    case placeholderMismatch = "placeholder-mismatch"
    case brokenSubstitution = "broken-substitution"
    case missingPluralCategory = "missing-plural-category"
    case extraPluralCategory = "extra-plural-category"
    case duplicateKey = "duplicate-key"
    case eventMap = "event-map"
    case soundBook = "sound-book"
    case spokenNumber = "spoken-number"
    // Warnings: the table works, but a person should look.
    case state = "state"
    case identicalToSource = "identical-to-source"
    case speechUnfriendly = "speech-unfriendly"
    case unknownKey = "unknown-key"
    case legacyPluralPair = "legacy-plural-pair"

    /// How serious a finding of this rule is unless `--strict` raises warnings to errors.
    public var defaultSeverity: Diagnostic.Severity {
        switch self {
        case .state, .identicalToSource, .speechUnfriendly, .unknownKey, .legacyPluralPair: .warning
        default: .error
        }
    }

    /// One line for documentation and `--help`.
    public var summary: String {
        switch self {
        case .invalidJSON: "the file is not JSON, or not a String Catalog"
        case .missingSource: "a key has no text in the source language"
        case .missingTranslation: "a key has no text in a language the table has"
        case .emptyValue: "a text is empty"
        case .placeholderMismatch: "placeholders differ from the source (count, type, position) or are unsupported"
        case .brokenSubstitution: "a %#@name@ substitution is undefined, unused or incomplete"
        case .missingPluralCategory: "plural forms lack a category the language needs"
        case .extraPluralCategory: "plural forms include a category the language does not have"
        case .duplicateKey: "a key is written twice, in one object or in two tables"
        case .eventMap: "an event map entry is malformed, or its arguments do not fit the key's placeholders"
        case .soundBook:
            "a sound book (sounds.json) would not load: unknown note, bad length, unreadable WAV file, a step "
                + "naming no sound, a cycle, or a limit broken"
        case .spokenNumber:
            "a number marked to be spoken as words names a form the language does not have, or is not whole"
        case .state: "a text is marked new, needs_review or stale"
        case .identicalToSource: "a translation is the source text unchanged"
        case .speechUnfriendly: "text espeak-ng would read badly: markdown, emoji, bullets, URLs"
        case .unknownKey: "the event map names a key no table has"
        case .legacyPluralPair: "two keys pick singular or plural with n == 1; use one plural key"
        }
    }
}
