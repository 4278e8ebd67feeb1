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
    case allowList = "allow-list"
    // Warnings: the table works, but a person should look.
    case state = "state"
    case identicalToSource = "identical-to-source"
    case speechUnfriendly = "speech-unfriendly"
    case unknownKey = "unknown-key"
    case legacyPluralPair = "legacy-plural-pair"
    case countWithoutPlural = "count-without-plural"
    case digitGrouping = "digit-grouping"
    case abbreviation = "abbreviation"
    case markup = "markup"
    case unusedAllowance = "unused-allowance"

    /// How serious a finding of this rule is unless `--strict` raises warnings to errors.
    public var defaultSeverity: Diagnostic.Severity {
        switch self {
        case .state, .identicalToSource, .speechUnfriendly, .unknownKey, .legacyPluralPair, .countWithoutPlural,
            .digitGrouping, .abbreviation, .markup, .unusedAllowance:
            .warning
        default: .error
        }
    }

    /// Whether a table's allow list (`<Table>.lint.json`) may allow a finding of this rule: the
    /// warnings about a text that can be right as written. Not `state` (set the state instead), nor
    /// the findings about other files.
    public var isAllowable: Bool {
        switch self {
        case .identicalToSource, .speechUnfriendly, .legacyPluralPair, .countWithoutPlural, .digitGrouping,
            .abbreviation, .markup:
            true
        default: false
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
            "a sound book (\(ProfileLayout.soundBook)) would not load: unknown note, bad length, unreadable WAV file, a step "
                + "naming no sound, a cycle, or a limit broken"
        case .spokenNumber:
            "a number marked to be spoken as words names a form the language does not have, or is not whole"
        case .state: "a text is marked new, needs_review or stale"
        case .identicalToSource:
            "a translation left equal to the source where it is likely forgotten: several words, or a word in "
                + "other letters than the language's"
        case .speechUnfriendly:
            "text espeak-ng would read badly: markdown, emoji, bullets, URLs, an Arabic vowel mark before a shadda"
        case .unknownKey: "the event map names a key no table has"
        case .legacyPluralPair:
            "two keys differ only by a singular and plural word next to a number; use one plural key"
        case .countWithoutPlural: "a number counts something in a text that does not vary by plural"
        case .digitGrouping: "digits written with thousands separators, which voices read differently"
        case .abbreviation: "an all-capitals abbreviation, which espeak-ng reads as a word or spells"
        case .markup: "markup such as <b> or &amp;, which espeak-ng reads aloud"
        case .allowList: "an allow list (<Table>.lint.json) cannot be read or has a wrong entry"
        case .unusedAllowance: "an allow-list entry allows nothing"
        }
    }
}
