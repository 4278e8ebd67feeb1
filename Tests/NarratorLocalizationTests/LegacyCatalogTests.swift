import NarratorJSON
import Testing

@testable import NarratorLocalization

/// The iOS game's catalog writes lives as two keys chosen with `n == 1`; it must still be read.
@Suite("Legacy two-key catalogs")
struct LegacyCatalogTests {
    @Test("both keys of the legacy pair render, in the source and in translations")
    func legacyKeysRender() throws {
        let localizer = try Localizer(catalogs: [try TestFiles.fixtureCatalog("legacy-plural-pair.xcstrings")])
        #expect(try localizer.render("%lld life remaining", locale: "en", arguments: [1]).text == "1 life remaining")
        #expect(try localizer.render("%lld lives remaining", locale: "fr", arguments: [3]).text == "3 vies restantes")
    }

    @Test("lint suggests one plural key, once, at the singular key")
    func lintSuggestsOnePluralKey() throws {
        let diagnostics = CatalogLinter().lint(path: "l", bytes: try TestFiles.fixture("legacy-plural-pair.xcstrings"))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.key == "%lld life remaining")
        #expect(diagnostics.first?.message.contains("one key whose plural variations") == true)
    }

    @Test(
        "English plural spellings are recognized",
        arguments: [
            ("life", "lives", true), ("point", "points", true), ("try", "tries", true), ("lap", "laps", true),
            ("life", "live", false), ("lane", "level", false),
        ])
    func pluralSpellings(singular: String, plural: String, matches: Bool) {
        #expect(LegacyPluralPairs.isPlural(plural, of: singular) == matches)
    }
}
