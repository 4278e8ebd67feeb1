import NarratorJSON
import Testing

@testable import NarratorLocalization

/// A table shaped like a game's real, Xcode-made String Catalog (Fixtures/shipped-game.xcstrings,
/// written for this suite): keys that are their English text, a `%` that is text, names and shared
/// words left equal on purpose (the studio's name, `shouldTranslate: false`, copied into the Russian
/// table as a phrase in Latin letters, which would be reported without that mark), forgotten
/// translations, and one mistake of each other kind. Every
/// finding lint reports on it is listed here, each one a change a translator would make, so a new
/// false alarm (or a lost finding) fails the suite.
@Suite("Lint on a real-catalog-shaped table")
struct ShippedGameCatalogTests {
    static let fixture = "shipped-game.xcstrings"

    /// Each finding as `rule key (language)`, in lint's order, with why a translator acts on it.
    static let expected = [
        // One key the code picks with n == 1 beside its plural: a plural key instead.
        "legacy-plural-pair %lld life remaining ()",
        // "1 points to go": plural forms in every language that has more than one (not ja, zh-Hans).
        "count-without-plural %lld points to go (ar)",
        "count-without-plural %lld points to go (de)",
        "count-without-plural %lld points to go (en)",
        "count-without-plural %lld points to go (es)",
        "count-without-plural %lld points to go (fr)",
        "count-without-plural %lld points to go (it)",
        "count-without-plural %lld points to go (nl)",
        "count-without-plural %lld points to go (pl)",
        "count-without-plural %lld points to go (pt-BR)",
        "count-without-plural %lld points to go (ru)",
        // A key with an argument: the German "%lld %" needs "%%" (the others wrote it).
        "placeholder-mismatch Accuracy: %lld%% (de)",
        // The flag emoji is read by its name, where the source and three translations kept it.
        "speech-unfriendly Final lap! 🏁 (de)",
        "speech-unfriendly Final lap! 🏁 (en)",
        "speech-unfriendly Final lap! 🏁 (fr)",
        "speech-unfriendly Final lap! 🏁 (pt-BR)",
        // جَيِّدَةٌ normalized: kasra before shadda.
        "speech-unfriendly Good driving! (ar)",
        // Forgotten: a phrase left in English (it, ja, pl), an English word in a Cyrillic table.
        "identical-to-source Lap %lld of %lld (it)",
        "identical-to-source New best lap! (ja)",
        // ESC is "esk" to the voice, where the source and two translations kept it.
        "abbreviation Press ESC to pause (de)",
        "abbreviation Press ESC to pause (en)",
        "abbreviation Press ESC to pause (es)",
        // Left in English but marked for review: reported once, as its state.
        "state Race again (nl)",
        "identical-to-source Settings (ru)",
        "identical-to-source Tap to start (pl)",
    ]

    @Test("every finding is one a translator acts on, and there are exactly these")
    func findings() throws {
        let diagnostics = CatalogLinter().lint(path: Self.fixture, bytes: try TestFiles.fixture(Self.fixture))
        let found = diagnostics.map { "\($0.rule.rawValue) \($0.key ?? "") (\($0.language ?? ""))" }
        #expect(found == Self.expected, "\(diagnostics.map(\.description).joined(separator: "\n"))")
        #expect(diagnostics.count == 25)
        #expect(
            LintReport(files: 1, diagnostics: diagnostics, strict: true).summary
                == "1 file checked: 25 errors, 0 warnings.")
    }

    @Test("not found: a single word left in English in a language of Latin letters (de Settings), like Pause")
    func singleWordInTheSameLettersIsNotReported() throws {
        let catalog = try TestFiles.fixtureCatalog(Self.fixture)
        let german = try #require(catalog.entry("Settings")?.localizations["de"]?.value)
        guard case .unit(let unit) = german else { throw Missing() }
        #expect(unit.value == "Settings")
        let diagnostics = CatalogLinter().lint(catalog)
        #expect(!diagnostics.contains { $0.key == "Settings" && $0.language == "de" })
    }

    @Test(
        "a key without arguments is spoken as written, % and all, in every language",
        arguments: [
            ("100%", "fr", "100 %"), ("10% of your best lap", "en", "10% of your best lap"),
            ("10% of your best lap", "fr", "10 % de ton meilleur tour"),
            ("Boost: 50% faster", "de", "Boost: 50 % schneller"),
        ])
    func percentIsText(key: String, locale: String, expected: String) throws {
        let localizer = try Localizer(catalogs: [try TestFiles.fixtureCatalog(Self.fixture)])
        #expect(try localizer.render(key, locale: locale).text == expected)
        #expect(localizer.argumentKinds(of: key) == [])
        #expect(throws: LocalizationError.self) { try localizer.render(key, locale: locale, arguments: [3]) }
    }

    @Test("a key with arguments still reads %% as one percent sign")
    func percentInAFormat() throws {
        let localizer = try Localizer(catalogs: [try TestFiles.fixtureCatalog(Self.fixture)])
        #expect(try localizer.render("Accuracy: %lld%%", locale: "fr", arguments: [97]).text == "Précision : 97 %")
    }

    private struct Missing: Error {}
}
