public import NarratorJSON

/// The checks behind `narrator lint`: everything that makes a table speak wrong text or nothing
/// (errors), and what a person should look at (warnings). See `LintRule` for the list.
///
/// Pure: the caller reads the files and passes their bytes; paths are only used in diagnostics.
public struct CatalogLinter: Sendable {
    /// Tunable parts of the checks.
    public struct Configuration: Sendable {
        /// Texts that may equal the source text in a translation (names, "OK").
        public var identicalAllowed: Set<String>

        public init(identicalAllowed: Set<String> = ["OK", "RetroRapid", "RetroRacing", "Narrator"]) {
            self.identicalAllowed = identicalAllowed
        }
    }

    public var configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Lints tables together: each on its own, plus keys defined in more than one of them (the
    /// daemon loads a profile's tables into one `Localizer`, which refuses such duplicates).
    /// `allowLists` are the `<Table>.lint.json` files (`AllowList`): each goes with the table of the
    /// same name in the same folder, and its entries silence the warnings its translators allowed.
    /// Returns the diagnostics and the tables that could be read, for further checks.
    public func lint(
        tables: [(path: String, bytes: [UInt8])], allowLists: [(path: String, bytes: [UInt8])] = []
    ) -> (diagnostics: [Diagnostic], catalogs: [StringCatalog]) {
        var diagnostics: [Diagnostic] = []
        var catalogs: [StringCatalog] = []
        var firstTableByKey: [String: StringCatalog] = [:]
        var lists: [String: AllowList] = [:]
        for file in allowLists {
            let parsed = AllowList.parse(path: file.path, bytes: file.bytes)
            diagnostics += parsed.problems
            lists[file.path] = parsed.list
            if !tables.contains(where: { AllowList.path(forTable: $0.path) == file.path }) {
                diagnostics.append(
                    Diagnostic(
                        .allowList, path: file.path, position: nil,
                        message: "no table \(ProfileLayout.table(forAllowList: file.path)) is checked with it: "
                            + "an allow list sits beside its table and has its name"))
            }
        }
        for table in tables {
            let catalog: StringCatalog
            do {
                catalog = try StringCatalog(name: table.path, bytes: table.bytes)
            } catch {
                let message = error.isSyntaxError ? "\(error.message)" : "not a String Catalog: \(error.message)"
                diagnostics.append(
                    Diagnostic(.invalidJSON, path: table.path, position: error.position, message: message))
                continue
            }
            let list = lists[AllowList.path(forTable: table.path)]
            diagnostics += list.map { lint(catalog, allowing: $0) } ?? lint(catalog)
            for entry in catalog.entries {
                if let first = firstTableByKey[entry.key] {
                    diagnostics.append(
                        Diagnostic(
                            .duplicateKey, path: catalog.name, position: entry.position, key: entry.key,
                            message: "is also defined in \(first.name): a key may live in one table only"))
                } else {
                    firstTableByKey[entry.key] = catalog
                }
            }
            catalogs.append(catalog)
        }
        return (diagnostics.sorted(by: Diagnostic.ordered), catalogs)
    }

    /// The checks of one table, less what its allow list allows; an entry that allows nothing is
    /// reported at its line (the text it was written for has changed, or it never matched).
    public func lint(_ catalog: StringCatalog, allowing list: AllowList) -> [Diagnostic] {
        var used = Set<Int>()
        var kept: [Diagnostic] = []
        for diagnostic in lint(catalog) {
            if let allowance = list.allowance(for: diagnostic) {
                used.formUnion(allowance)
            } else {
                kept.append(diagnostic)
            }
        }
        for (index, entry) in list.entries.enumerated() where !used.contains(index) {
            let what = [entry.key.map { "key \"\($0)\"" }, entry.text.map { "text \"\($0)\"" }]
                .compactMap { $0 }.joined(separator: ", ")
            kept.append(
                Diagnostic(
                    .unusedAllowance, path: list.path, position: entry.position,
                    message: "allows \(entry.rule.rawValue) for \(what)"
                        + (entry.languages.isEmpty ? "" : " in \(entry.languages.joined(separator: ", "))")
                        + ", but \(catalog.name) has no such finding: remove the entry or fix it"))
        }
        return kept.sorted(by: Diagnostic.ordered)
    }

    /// Lints one table's bytes.
    public func lint(path: String, bytes: [UInt8]) -> [Diagnostic] {
        lint(tables: [(path, bytes)]).diagnostics
    }

    /// Keys referenced elsewhere (the event map) that no table defines: one warning per reference.
    public static func unknownKeys(_ references: [KeyReference], in catalogs: [StringCatalog]) -> [Diagnostic] {
        let known = Set(catalogs.flatMap { $0.entries.map(\.key) })
        return references.filter { !known.contains($0.key) }.map { reference in
            Diagnostic(
                .unknownKey, path: reference.path, position: reference.position, key: reference.key,
                message: "is referenced here but no table defines it: add it to a table or fix the name "
                    + "(the key itself would be spoken)")
        }
    }

    /// All checks of one parsed table.
    public func lint(_ catalog: StringCatalog) -> [Diagnostic] {
        var diagnostics = catalog.duplicates.map { duplicate in
            Diagnostic(
                .duplicateKey, path: catalog.name, position: duplicate.position, key: duplicate.key,
                message: "is written twice in \(duplicate.context) (first at line \(duplicate.firstPosition.line)): "
                    + "only the last one is used, remove the other")
        }
        let languages = catalog.languages
        let source = LocaleIdentifier(catalog.sourceLanguage)
        let scripts = EntryCheck.scripts(of: catalog)
        for entry in catalog.entries {
            var check = EntryCheck(catalog: catalog, entry: entry, configuration: configuration, scripts: scripts)
            guard let sourceText = entry.localization(for: source), sourceText.value != nil else {
                check.report(
                    .missingSource, at: entry.position, language: catalog.sourceLanguage,
                    "has no \(catalog.sourceLanguage) text: add a \"\(catalog.sourceLanguage)\" localization "
                        + "with a stringUnit (without one the key itself is spoken)")
                diagnostics += check.diagnostics
                continue
            }
            let sourceAnalysis = LocalizationAnalysis(sourceText, percentIsText: !check.takesArguments)
            check.checkLocalization(sourceText, source: nil)
            check.checkCounts(source: sourceText)
            if entry.shouldTranslate {
                for language in languages.dropFirst() where entry.localization(for: LocaleIdentifier(language)) == nil {
                    check.report(
                        .missingTranslation, at: entry.position, language: language,
                        "has no \(language) text: translate it, or set \"shouldTranslate\": false if it must "
                            + "stay in \(catalog.sourceLanguage)")
                }
                for localization in entry.localizations.values.sorted(by: { $0.position < $1.position })
                where !LocaleIdentifier(localization.language).matches(source) {
                    check.checkLocalization(localization, source: (sourceText, sourceAnalysis))
                }
            }
            diagnostics += check.diagnostics
        }
        // Keys that pair up are reported once, as the pair; their counts need no second finding.
        let paired = Set(LegacyPluralPairs.pairs(in: catalog).flatMap { [$0.singular.key, $0.plural.key] })
        diagnostics.removeAll { $0.rule == .countWithoutPlural && paired.contains($0.key ?? "") }
        diagnostics += LegacyPluralPairs.find(in: catalog)
        return diagnostics.sorted(by: Diagnostic.ordered)
    }
}

/// A key in another file (the event map) that must exist in a table.
public struct KeyReference: Sendable, Hashable {
    public var key: String
    public var path: String
    public var position: SourcePosition?

    public init(key: String, path: String, position: SourcePosition?) {
        self.key = key
        self.path = path
        self.position = position
    }
}
