public import NarratorJSON

/// Renders table keys in a requested language: the narrator's lookup, plural selection and
/// formatting in one immutable, `Sendable` value.
///
/// ```swift
/// let localizer = try Localizer(tables: [(name: path, bytes: bytes)])
/// let spoken = try localizer.render("lives_remaining", locale: "es-MX", arguments: [.integer(2)])
/// // spoken.text == "Te quedan dos vidas", spoken.locale == "es-MX"
/// ```
///
/// Lookup walks `es-MX`, `es`, the table's source language, then the key itself, reporting every
/// step in `Rendering.fallbacks`. The plural form is chosen with the rules of the language whose
/// text was found, and numbers are written in that language's style (`NumberStyle`).
public struct Localizer: Sendable {
    /// The loaded tables, in the order given.
    public let catalogs: [StringCatalog]
    /// Each key, prepared once at load: every event renders one, so nothing that depends only on
    /// the tables is worked out again per event.
    let prepared: [String: PreparedKey]

    struct PreparedKey: Sendable {
        /// Which of `catalogs` holds the key.
        var catalog: Int
        /// Its languages, indexed for choosing one.
        var languages: LocaleChain.Languages
        /// What its source text needs from the arguments (every plural form looked at); nil when
        /// it has no source text, and a render is checked against the text it speaks.
        var sourceAnalysis: LocalizationAnalysis?
        /// The arguments the key takes, in order (`argumentKinds(of:)`), worked out from the same
        /// analysis; nil when the key has no text in any language.
        var argumentKinds: [FormatArgument.Kind]?
        /// False for a key whose texts are spoken exactly as written (`CatalogEntry.takesArguments`).
        var takesArguments: Bool
    }

    /// Loads parsed tables. A key defined in two tables is an error: which one to speak would be a guess.
    public init(catalogs: [StringCatalog]) throws(LocalizationError) {
        var prepared: [String: PreparedKey] = [:]
        for (position, catalog) in catalogs.enumerated() {
            for entry in catalog.entries {
                if let first = prepared[entry.key]?.catalog {
                    throw .keyInTwoTables(key: entry.key, first: catalogs[first].name, second: catalog.name)
                }
                let takesArguments = entry.takesArguments(sourceLanguage: catalog.sourceLanguage)
                let source = entry.localization(for: LocaleIdentifier(catalog.sourceLanguage)).map {
                    LocalizationAnalysis($0, percentIsText: !takesArguments)
                }
                let signature =
                    (source
                    ?? entry.localizations.values.first.map {
                        LocalizationAnalysis($0, percentIsText: !takesArguments)
                    })?.signature
                let kinds = signature.map { signature in
                    (0..<(signature.keys.max() ?? 0)).map { signature[$0 + 1] ?? .string }
                }
                prepared[entry.key] = PreparedKey(
                    catalog: position,
                    languages: LocaleChain.Languages(entry: entry, sourceLanguage: catalog.sourceLanguage),
                    sourceAnalysis: source, argumentKinds: kinds, takesArguments: takesArguments)
            }
        }
        self.catalogs = catalogs
        self.prepared = prepared
    }

    /// Reads and loads tables given as bytes (a profile folder's `.xcstrings` files, read by the caller).
    public init(tables: [(name: String, bytes: [UInt8])]) throws(LocalizationError) {
        var catalogs: [StringCatalog] = []
        for table in tables {
            do {
                catalogs.append(try StringCatalog(name: table.name, bytes: table.bytes))
            } catch {
                throw .unreadableTable(error)
            }
        }
        try self.init(catalogs: catalogs)
    }

    /// Every key of every table.
    public var keys: Set<String> { Set(prepared.keys) }

    /// The table entry for a key and the table it is in.
    public func entry(_ key: String) -> (entry: CatalogEntry, catalog: StringCatalog)? {
        guard let index = prepared[key]?.catalog, let entry = catalogs[index].entry(key) else { return nil }
        return (entry, catalogs[index])
    }

    /// Every language of the table that holds `key`, source language first.
    public func languages(of key: String) -> [String] {
        entry(key)?.catalog.languages ?? []
    }

    /// The text of `key` for `locale` (`es-MX`, `pt_BR`, `zh-Hant`) with typed arguments.
    ///
    /// Throws when the arguments do not fit the key's placeholders (count or type) or the table's
    /// text is broken; never crashes and never prints a pointer. A key no table has is not an
    /// error: its text is the key itself, with a `.keyItself` notice.
    public func render(
        _ key: String, locale: String, arguments: [FormatArgument] = []
    ) throws(LocalizationError) -> Rendering {
        let requested = LocaleIdentifier(locale)
        guard let (entry, catalog) = entry(key), let prepared = prepared[key] else {
            return Rendering(
                key: key, text: key, requestedLocale: locale, locale: nil,
                fallbacks: [.keyItself(key: key, requested: locale)])
        }
        var fallbacks: [FallbackNotice] = []
        let chain = LocaleChain(requested: requested, languages: prepared.languages)
        guard let chosen = chain.firstUsable else {
            return Rendering(
                key: key, text: key, requestedLocale: locale, locale: nil,
                fallbacks: [.keyItself(key: key, requested: locale)])
        }
        if entry.shouldTranslate, !chosen.identifier.matches(requested) {
            fallbacks.append(
                .locale(
                    key: key, requested: locale, used: chosen.localization.language,
                    sameLanguage: chosen.identifier.language == requested.language))
        }
        // A key without source text is checked against the text it speaks.
        let analysis =
            prepared.sourceAnalysis
            ?? LocalizationAnalysis(chosen.localization, percentIsText: !prepared.takesArguments)
        var renderer = LocalizationRenderer(
            key: key, localization: chosen.localization, arguments: arguments, asWritten: !prepared.takesArguments)
        do {
            try renderer.check(against: analysis)
            let text = try renderer.render()
            return Rendering(
                key: key, text: text, requestedLocale: locale, locale: chosen.localization.language,
                fallbacks: fallbacks + renderer.notices, pluralCategories: renderer.categories)
        } catch {
            throw .format(key: key, locale: chosen.localization.language, table: catalog.name, error)
        }
    }
}
