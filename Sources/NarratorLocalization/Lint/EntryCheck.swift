import NarratorJSON

/// The checks of one entry's localizations, collecting diagnostics for `CatalogLinter`.
struct EntryCheck {
    let catalog: StringCatalog
    let entry: CatalogEntry
    let configuration: CatalogLinter.Configuration
    /// The script each language of the table is mostly written in (`scripts(of:)`).
    let scripts: [String: WritingScript]
    /// Whether the key takes arguments; when not, a `%` in its texts is text.
    let takesArguments: Bool
    private(set) var diagnostics: [Diagnostic] = []

    init(
        catalog: StringCatalog, entry: CatalogEntry, configuration: CatalogLinter.Configuration,
        scripts: [String: WritingScript]
    ) {
        self.catalog = catalog
        self.entry = entry
        self.configuration = configuration
        self.scripts = scripts
        self.takesArguments = entry.takesArguments(sourceLanguage: catalog.sourceLanguage)
    }

    mutating func report(
        _ rule: LintRule, at position: SourcePosition, language: String?, _ message: String, subjects: [String] = []
    ) {
        diagnostics.append(
            Diagnostic(
                rule, path: catalog.name, position: position, key: entry.key, language: language, message: message,
                subjects: subjects))
    }

    /// Checks one language's text; `source` is nil when it is the source text itself.
    mutating func checkLocalization(
        _ localization: CatalogLocalization, source: (text: CatalogLocalization, analysis: LocalizationAnalysis)?
    ) {
        let language = localization.language
        guard let value = localization.value else {
            return report(
                .emptyValue, at: localization.position, language: language,
                "has neither a \"stringUnit\" nor \"variations\": add the text")
        }
        checkUnits(value.units, language: language)
        checkVariations(value, language: language, context: "")
        for substitution in localization.substitutions.values.sorted(by: { $0.position < $1.position }) {
            guard let plural = substitution.plural else { continue }  // reported as a broken substitution
            checkUnits(CatalogValue.plural(plural).units, language: language, context: " of %#@\(substitution.name)@")
            checkPluralCategories(plural, language: language, context: "the substitution \"\(substitution.name)\"")
        }
        let analysis = LocalizationAnalysis(localization, percentIsText: !takesArguments)
        for problem in analysis.problems {
            report(problem.rule, at: problem.position, language: language, problem.message)
        }
        guard let source else { return }
        if analysis.problems.isEmpty && source.analysis.problems.isEmpty {
            comparePlaceholders(analysis, with: source.analysis, at: localization, language: language)
        }
        checkIdentical(localization, to: source.text)
    }

    private mutating func checkUnits(
        _ units: [(path: [String], unit: StringUnit)], language: String, context: String = ""
    ) {
        for (path, unit) in units {
            let form = path.isEmpty ? "the text\(context)" : "the '\(path.joined(separator: "/"))' form\(context)"
            if unit.value.trimmingWhitespace().isEmpty {
                report(.emptyValue, at: unit.position, language: language, "\(form) is empty: write the text")
            }
            if let state = unit.state, state != "translated" {
                let known = ["new", "needs_review", "stale"].contains(state)
                report(
                    .state, at: unit.position, language: language,
                    known
                        ? "\(form) is marked \(state): review it, then set its state to translated"
                        : "\(form) has the unknown state \"\(state)\": use translated, needs_review, new or stale")
            }
            for problem in SpeechText.problems(in: unit.value) {
                report(.speechUnfriendly, at: unit.position, language: language, "\(form) contains \(problem)")
            }
            checkSpokenNumbers(unit, form: form, language: language)
            checkSpokenWords(unit, form: form, language: language)
        }
    }

    private mutating func checkVariations(_ value: CatalogValue, language: String, context: String) {
        switch value {
        case .unit:
            return
        case .plural(let variations):
            checkPluralCategories(variations, language: language, context: "the plural forms\(context)")
            for variation in variations.cases {
                checkVariations(variation.value, language: language, context: " of '\(variation.name)'")
            }
        case .device(let variations):
            if variations.value("other") == nil {
                report(
                    .emptyValue, at: variations.position, language: language,
                    "the device variations have no 'other' form, which is the one the narrator speaks: add it")
            }
            for variation in variations.cases {
                checkVariations(variation.value, language: language, context: " of '\(variation.name)'")
            }
        }
    }

    /// The forms must be exactly the categories the language's CLDR rules can select.
    private mutating func checkPluralCategories(_ variations: CatalogVariations, language: String, context: String) {
        let rules = PluralRules(locale: language)
        let needed = rules.categories
        let names = variations.cases.map(\.name)
        let list = needed.map(\.rawValue).joined(separator: ", ")
        let languageName = rules.ruleLocale == "root" ? "a language without CLDR rules" : language
        let missing = needed.filter { !names.contains($0.rawValue) }
        if !missing.isEmpty {
            report(
                .missingPluralCategory, at: variations.position, language: language,
                "\(context) lack \(missing.map { "'\($0.rawValue)'" }.joined(separator: ", ")): "
                    + "\(languageName) needs \(list)")
        }
        for variation in variations.cases where !needed.map(\.rawValue).contains(variation.name) {
            let why =
                PluralCategory(rawValue: variation.name) == nil
                ? "which is not a plural category (CLDR's are zero, one, two, few, many, other)"
                : "which \(languageName) never selects"
            report(
                .extraPluralCategory, at: variation.position, language: language,
                "\(context) include '\(variation.name)', \(why): remove it (\(language) uses \(list))")
        }
    }
}
