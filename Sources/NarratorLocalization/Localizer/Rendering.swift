/// The text for a key in the language it was found in, and every fallback taken to get it.
public struct Rendering: Sendable, Hashable {
    public var key: String
    /// The text to speak.
    public var text: String
    /// The locale that was asked for.
    public var requestedLocale: String
    /// The table language whose text was chosen; its plural rules and number style were used.
    /// Nil when no table has text for the key and the key itself is the text.
    public var locale: String?
    /// Each step away from what was asked for, in order; empty when the requested locale had text.
    public var fallbacks: [FallbackNotice]
    /// The plural category of each plural form chosen (substitutions included), in the order chosen.
    public var pluralCategories: [PluralCategory] = []
}

/// A step away from the requested text. The narrator never falls back silently: each step is
/// reported here, and `FallbackLedger` helps report each one once instead of on every message.
public enum FallbackNotice: Sendable, Hashable, CustomStringConvertible {
    /// The requested locale has no text for `key`; `used` had it. `sameLanguage` is true for
    /// a step to a more general tag of one language (`es-MX` to `es`, `en-US` to `en`).
    case locale(key: String, requested: String, used: String, sameLanguage: Bool)
    /// No table has text for `key` in any usable language: the key itself is spoken.
    case keyItself(key: String, requested: String)
    /// The table lacks the plural form `category` for `key` in `locale`; `other` was used.
    case pluralForm(key: String, locale: String, category: PluralCategory)

    public var description: String {
        switch self {
        case .locale(let key, let requested, let used, _):
            "no \(requested) text for \"\(key)\": using \(used)"
        case .keyItself(let key, let requested):
            "no text for \"\(key)\" in \(requested) or the source language: speaking the key itself"
        case .pluralForm(let key, let locale, let category):
            "\"\(key)\" (\(locale)) has no '\(category.rawValue)' plural form: using 'other'"
        }
    }

    /// What makes two notices "the same fallback": a locale step is reported once per pair of
    /// locales, not once per key, so a missing regional table is one notice, not one per message.
    var identity: String {
        switch self {
        case .locale(_, let requested, let used, _):
            "locale \(LocaleIdentifier(requested).normalized) \(LocaleIdentifier(used).normalized)"
        case .keyItself(let key, _): "key \(key)"
        case .pluralForm(let key, let locale, let category): "plural \(key) \(locale) \(category.rawValue)"
        }
    }
}

/// Remembers which fallbacks were reported, so each is reported once (to the log, or spoken).
public struct FallbackLedger: Sendable {
    private var reported = Set<String>()

    public init() {}

    /// The notices not reported before, which are now recorded as reported.
    public mutating func unreported(_ notices: [FallbackNotice]) -> [FallbackNotice] {
        notices.filter { reported.insert($0.identity).inserted }
    }
}
