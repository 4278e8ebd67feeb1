import Foundation
import NarratorJSON
import Testing

@testable import NarratorLocalization

/// One fixture table per rule: linting it reports that rule, only that rule, on the right line.
@Suite("Lint rules")
struct LintRuleTests {
    /// The fixture, its rule, and a piece of text on the line the finding must point at (its first
    /// occurrence, or its last when `last`: the repeated key, the second language's plural forms).
    static let cases: [(fixture: String, rule: LintRule, line: String, last: Bool)] = [
        ("invalid-json.xcstrings", .invalidJSON, "      }", false),
        ("missing-source.xcstrings", .missingSource, "\"paused\"", false),
        ("missing-translation.xcstrings", .missingTranslation, "\"resumed\"", false),
        ("empty-value.xcstrings", .emptyValue, "\"value\" : \"  \"", false),
        ("placeholder-mismatch.xcstrings", .placeholderMismatch, "Los! Tempo: %lld.", false),
        ("broken-substitution.xcstrings", .brokenSubstitution, "%#@livez@", false),
        ("missing-plural-category.xcstrings", .missingPluralCategory, "\"plural\" : {", true),
        ("extra-plural-category.xcstrings", .extraPluralCategory, "\"few\"", false),
        ("duplicate-key.xcstrings", .duplicateKey, "\"paused\"", true),
        ("state.xcstrings", .state, "needs_review", false),
        ("identical-to-source.xcstrings", .identicalToSource, "\"de\"", false),
        ("speech-unfriendly.xcstrings", .speechUnfriendly, "**Three lanes**", false),
        ("legacy-plural-pair.xcstrings", .legacyPluralPair, "\"%lld life remaining\"", false),
        ("spoken-number.xcstrings", .spokenNumber, "cardinal-feminin\\\"", false),
        ("legacy-plural-pair-number.xcstrings", .legacyPluralPair, "\"1 hour\" : {", false),
        ("count-without-plural.xcstrings", .countWithoutPlural, "%lld points to go", false),
        ("digit-grouping.xcstrings", .digitGrouping, "12.000 Punkten", false),
        ("abbreviation.xcstrings", .abbreviation, "Press ESC", false),
        ("markup.xcstrings", .markup, "<b>space</b>", false),
    ]

    @Test("each fixture reports exactly its rule", arguments: cases)
    func fixtureReportsItsRule(fixture: String, rule: LintRule, line: String, last: Bool) throws {
        let text = String(decoding: try TestFiles.fixture(fixture), as: UTF8.self)
        let diagnostics = CatalogLinter().lint(path: fixture, bytes: Array(text.utf8))
        #expect(Set(diagnostics.map(\.rule)) == [rule], "\(diagnostics.map(\.description))")
        let lines = text.components(separatedBy: "\n")
        let marked = lines.indices.filter { lines[$0].contains(line) }
        let expectedLine = try #require(last ? marked.last : marked.first) + 1
        let first = try #require(diagnostics.first)
        #expect(diagnostics.contains { $0.line == expectedLine }, "expected line \(expectedLine): \(first)")
        #expect(first.severity == rule.defaultSeverity)
        #expect(
            first.description.hasPrefix(
                "\(fixture):\(first.line): \(rule.defaultSeverity.rawValue): [\(rule.rawValue)] "))
    }

    @Test("every rule has a fixture or a test of its own")
    func everyRuleIsCovered() {
        // unknown-key, event-map and sound-book need an event map or a sound book, not a table:
        // `unknownKeyNamesTheReference` and the lint tests in NarratorCoreTests cover them; allow-list
        // and unused-allowance need an allow list: `allowListSilencesWhatItNames` covers them.
        #expect(
            Set(Self.cases.map(\.rule)).union([.unknownKey, .eventMap, .soundBook, .allowList, .unusedAllowance])
                == Set(LintRule.allCases))
    }

    @Test("a valid table has no findings")
    func validFixtureIsClean() throws {
        #expect(CatalogLinter().lint(path: "d", bytes: try TestFiles.fixture("decimal-plurals.xcstrings")).isEmpty)
    }

    @Test("invalid JSON reports the line and column where reading stopped")
    func invalidJSONPosition() {
        let diagnostics = CatalogLinter().lint(path: "t.xcstrings", bytes: Array("{\n  \"a\": tru\n}".utf8))
        #expect(diagnostics.map(\.line) == [2])
        #expect(diagnostics.first?.message.contains("line 2, column 8") == true)
    }

    @Test("the missing plural categories are named, with what the language needs")
    func missingCategoriesAreNamed() throws {
        let diagnostics = CatalogLinter().lint(
            path: "p", bytes: try TestFiles.fixture("missing-plural-category.xcstrings"))
        #expect(diagnostics.first?.message == "the plural forms lack 'few', 'many': pl needs one, few, many, other")
        #expect(diagnostics.first?.language == "pl")
    }

    @Test("a key in two tables is a duplicate")
    func keyInTwoTables() throws {
        let table = try TestFiles.fixture("state.xcstrings")
        let result = CatalogLinter().lint(tables: [("a/one.xcstrings", table), ("b/two.xcstrings", table)])
        let duplicates = result.diagnostics.filter { $0.rule == .duplicateKey }
        #expect(duplicates.map(\.path) == ["b/two.xcstrings"])
        #expect(duplicates.first?.message.contains("a/one.xcstrings") == true)
    }

    @Test("event map keys that no table has are reported at the reference")
    func unknownKeyNamesTheReference() throws {
        let catalog = try TestFiles.fixtureCatalog("state.xcstrings")
        let references = [
            KeyReference(key: "paused", path: "events.json", position: SourcePosition(line: 3, column: 5)),
            KeyReference(key: "pased", path: "events.json", position: SourcePosition(line: 7, column: 5)),
        ]
        let diagnostics = CatalogLinter.unknownKeys(references, in: [catalog])
        #expect(diagnostics.map(\.description).count == 1)
        #expect(diagnostics.first?.description.hasPrefix("events.json:7: warning: [unknown-key] pased: ") == true)
    }

    @Test("strict reports warnings as errors, and the summary counts them")
    func strictPromotesWarnings() throws {
        let diagnostics = CatalogLinter().lint(path: "s", bytes: try TestFiles.fixture("state.xcstrings"))
        #expect(LintReport(files: 1, diagnostics: diagnostics).errorCount == 0)
        let strict = LintReport(files: 1, diagnostics: diagnostics, strict: true)
        #expect(strict.errorCount == 1 && strict.warningCount == 0)
        #expect(strict.summary == "1 file checked: 1 error, 0 warnings.")
        #expect(LintReport(files: 2, diagnostics: []).summary == "2 files checked: no problems.")
    }

    @Test("the JSON report carries every field of every diagnostic")
    func jsonReport() throws {
        let diagnostics = CatalogLinter().lint(path: "s", bytes: try TestFiles.fixture("state.xcstrings"))
        let json = LintReport(files: 1, diagnostics: diagnostics).json
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(decoded?["warnings"] as? Int == 1)
        let first = (decoded?["diagnostics"] as? [[String: Any]])?.first
        #expect(first?["rule"] as? String == "state")
        #expect(first?["key"] as? String == "paused")
        #expect(first?["language"] as? String == "de")
        #expect(first?["line"] as? Int == 6)
    }

    @Test("what each new warning found, word for word: the grouped number, the abbreviation, both tags")
    func speechWarningSubjects() throws {
        func subjects(_ fixture: String) throws -> [String] {
            CatalogLinter().lint(path: fixture, bytes: try TestFiles.fixture(fixture)).flatMap(\.subjects)
        }
        #expect(try subjects("digit-grouping.xcstrings") == ["12.000"])
        #expect(try subjects("abbreviation.xcstrings") == ["ESC"])
        #expect(try subjects("markup.xcstrings") == ["<b>", "</b>"])
    }

    @Test(
        "grouped digits are found in every way they are written, and only those",
        arguments: [
            ("12,000 points", ["12,000"]), ("1.000.000 de vies", ["1.000.000"]), ("12 000", ["12 000"]),
            ("12\u{202F}000", ["12\u{202F}000"]), ("1'000", ["1'000"]), ("1,5 vies", []), ("12000", []),
            ("1234,567", []), ("12,0000", []), ("Lane 2 of 3", []),
            ("\u{0661}\u{066C}\u{0660}\u{0660}\u{0660}", ["\u{0661}\u{066C}\u{0660}\u{0660}\u{0660}"]),
        ])
    func groupedNumbers(text: String, expected: [String]) {
        #expect(SpokenWords.groupedNumbers(in: text) == expected)
    }

    @Test(
        "abbreviations: two to five capitals alone, in a text that is not all capitals",
        arguments: [
            ("Press ESC to pause", ["ESC"]), ("Part IV of the HUD", ["IV", "HUD"]), ("A or D to steer", []),
            ("F1 or 3D or MP3", []), ("GAME OVER", []), ("Speed: TURBO mode", ["TURBO"]),
            ("Press SPACEBAR", []), ("Полоса ИИ", ["ИИ"]),
        ])
    func abbreviations(text: String, expected: [String]) {
        #expect(SpokenWords.abbreviations(in: text) == expected)
    }

    @Test("the 1 hour / %lld hours shape pairs only around the number; other keys with one number do not")
    func numberPairs() throws {
        let catalog = try TestFiles.fixtureCatalog("legacy-plural-pair-number.xcstrings")
        let pairs = LegacyPluralPairs.pairs(in: catalog).map { "\($0.singular.key) | \($0.plural.key)" }
        #expect(pairs == ["1 hour | hours_played"])
    }

    @Test("a table's allow list silences what it names, reports what it no longer matches, and refuses errors")
    func allowListSilencesWhatItNames() throws {
        let result = CatalogLinter().lint(
            tables: [("Fixtures/allowed.xcstrings", try TestFiles.fixture("allowed.xcstrings"))],
            allowLists: [("Fixtures/allowed.lint.json", try TestFiles.fixture("allowed.lint.json"))])
        #expect(
            result.diagnostics.map { "\($0.path):\($0.line) \($0.rule.rawValue) \($0.key ?? "") \($0.language ?? "")" }
                == [
                    "Fixtures/allowed.lint.json:19 unused-allowance  ",
                    "Fixtures/allowed.lint.json:24 allow-list  ",
                    "Fixtures/allowed.xcstrings:22 identical-to-source time_trial fr",
                ])
        // Without the list: the font in de and fr, HUD in three languages, Time Trial in de and fr.
        let unallowed = CatalogLinter().lint(path: "a", bytes: try TestFiles.fixture("allowed.xcstrings"))
        #expect(unallowed.count(where: { $0.rule == .identicalToSource }) == 4)
        #expect(unallowed.count(where: { $0.rule == .abbreviation }) == 3)
    }

    @Test(
        "an allow list that cannot be used says why, at its line",
        arguments: [
            ("{\"allow\": [{\"rule\": \"markup\", \"text\": \"<b>\"}]}", "gives no \"reason\""),
            ("{\"allow\": [{\"rule\": \"markup\", \"reason\": \"x\"}]}", "neither a \"key\" nor a \"text\""),
            ("{\"allow\": [{\"rule\": \"marcup\", \"key\": \"k\", \"reason\": \"x\"}]}", "is not a lint rule"),
            ("{\"allow\": [{\"rule\": \"state\", \"key\": \"k\", \"reason\": \"x\"}]}", "cannot be allowed"),
            (
                "{\"allow\": [{\"rule\": \"markup\", \"key\": \"k\", \"reason\": \"x\", \"lang\": []}]}",
                "unknown member \"lang\""
            ),
            ("{\"allowed\": []}", "an \"allow\" array"),
            ("{\"allow\": [", "invalid JSON"),
        ])
    func badAllowList(text: String, message: String) {
        let parsed = AllowList.parse(path: "T.lint.json", bytes: Array(text.utf8))
        #expect(parsed.problems.count == 1, "\(parsed.problems)")
        #expect(parsed.problems.first?.rule == .allowList)
        #expect(parsed.problems.first?.message.contains(message) == true, "\(parsed.problems)")
    }
}
