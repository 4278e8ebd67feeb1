public import NarratorJSON

/// A String Catalog (`.xcstrings`, the format Xcode writes) as the narrator reads it.
///
/// Decoded with the narrator's own JSON parser, so every entry knows its line for lint, and
/// duplicate keys are recorded instead of silently merged. Read one with `StringCatalog(name:bytes:)`.
public struct StringCatalog: Sendable {
    /// What the caller called the table (usually its path); used in messages.
    public var name: String
    /// The language the keys' source text is written in (`en`).
    public var sourceLanguage: String
    public var version: String?
    /// The entries in file order; with duplicate keys the last one is kept, as other readers do.
    public private(set) var entries: [CatalogEntry]
    /// Keys written more than once in one JSON object; lint reports them, lookup uses the last.
    public var duplicates: [DuplicateKey]
    private var indexByKey: [String: Int]

    init(name: String, sourceLanguage: String, version: String?, entries: [CatalogEntry], duplicates: [DuplicateKey]) {
        self.name = name
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.duplicates = duplicates
        var indexByKey: [String: Int] = [:]
        var unique: [CatalogEntry] = []
        for entry in entries {
            if let index = indexByKey[entry.key] {
                unique[index] = entry
            } else {
                indexByKey[entry.key] = unique.count
                unique.append(entry)
            }
        }
        self.entries = unique
        self.indexByKey = indexByKey
    }

    /// The entry for a key, if the table has one.
    public func entry(_ key: String) -> CatalogEntry? {
        indexByKey[key].map { entries[$0] }
    }

    /// Every language the table has text for, the source language first, then alphabetically.
    public var languages: [String] {
        var seen: [String: String] = [LocaleIdentifier(sourceLanguage).normalized: sourceLanguage]
        for entry in entries {
            for language in entry.localizations.keys {
                let normalized = LocaleIdentifier(language).normalized
                if seen[normalized] == nil { seen[normalized] = language }
            }
        }
        let others = seen.filter { $0.key != LocaleIdentifier(sourceLanguage).normalized }.values
        return [sourceLanguage] + others.sorted()
    }
}

/// A key written twice in the same JSON object of a table.
public struct DuplicateKey: Sendable, Hashable {
    public var key: String
    /// Where the repeated key is written.
    public var position: SourcePosition
    /// Where it was first written.
    public var firstPosition: SourcePosition
    /// The object it appears in, e.g. `strings` or `localizations of "score"`.
    public var context: String
}
