import NarratorJSON
import Testing

@testable import NarratorLocalization

/// es-MX -> es -> source language -> the key itself, each step reported, each report once.
@Suite("Fallback chain")
struct FallbackTests {
    static let table = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "greeting" : { "localizations" : {
              "en" : { "stringUnit" : { "value" : "Hello %@" } },
              "es" : { "stringUnit" : { "value" : "Hola %@" } },
              "zh-Hant" : { "stringUnit" : { "value" : "你好 %@" } }
            } },
            "farewell" : { "localizations" : {
              "en" : { "stringUnit" : { "value" : "Bye" } },
              "es-MX" : { "stringUnit" : { "value" : "Nos vemos" } },
              "es" : { "stringUnit" : { "value" : "" } }
            } },
            "brand" : { "shouldTranslate" : false, "localizations" : {
              "en" : { "stringUnit" : { "value" : "RetroRapid" } }
            } },
            "lives" : { "localizations" : {
              "en" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "value" : "%lld life" } },
                "other" : { "stringUnit" : { "value" : "%lld lives" } }
              } } },
              "ru" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "value" : "%lld жизнь" } },
                "other" : { "stringUnit" : { "value" : "%lld жизни" } }
              } } }
            } }
          }
        }
        """

    static func localizer() throws -> Localizer {
        try Localizer(catalogs: [try StringCatalog(name: "t.xcstrings", text: table)])
    }

    @Test("a region falls back to its language, reported as the same language")
    func regionToLanguage() throws {
        let rendering = try Self.localizer().render("greeting", locale: "es-MX", arguments: ["Ana"])
        #expect(rendering.text == "Hola Ana" && rendering.locale == "es")
        #expect(rendering.fallbacks == [.locale(key: "greeting", requested: "es-MX", used: "es", sameLanguage: true)])
    }

    @Test("an exact match reports nothing; case and underscores do not matter")
    func exactMatch() throws {
        let rendering = try Self.localizer().render("farewell", locale: "ES_mx")
        #expect(rendering.text == "Nos vemos" && rendering.fallbacks.isEmpty)
    }

    @Test("an empty text is skipped; another region of the language comes before the source language")
    func emptyTextFallsThrough() throws {
        let rendering = try Self.localizer().render("farewell", locale: "es")
        #expect(rendering.text == "Nos vemos" && rendering.locale == "es-MX")
        #expect(rendering.fallbacks == [.locale(key: "farewell", requested: "es", used: "es-MX", sameLanguage: true)])
        let french = try Self.localizer().render("farewell", locale: "fr-CA")
        #expect(french.text == "Bye")
        #expect(french.fallbacks == [.locale(key: "farewell", requested: "fr-CA", used: "en", sameLanguage: false)])
    }

    @Test(
        "Chinese regions find their script",
        arguments: [("zh-TW", "你好 A"), ("zh-Hant-HK", "你好 A"), ("zh-CN", "你好 A"), ("ko", "Hello A")])
    func chineseScripts(locale: String, expected: String) throws {
        #expect(try Self.localizer().render("greeting", locale: locale, arguments: ["A"]).text == expected)
    }

    @Test("a key no table has is spoken as itself, reported")
    func keyItself() throws {
        let rendering = try Self.localizer().render("no_such_key", locale: "de")
        #expect(rendering.text == "no_such_key" && rendering.locale == nil)
        #expect(rendering.fallbacks == [.keyItself(key: "no_such_key", requested: "de")])
    }

    @Test("text that must not be translated is spoken in the source language without a notice")
    func shouldTranslateFalse() throws {
        let rendering = try Self.localizer().render("brand", locale: "fr")
        #expect(rendering.text == "RetroRapid" && rendering.fallbacks.isEmpty)
    }

    @Test("the plural form is chosen with the rules of the language whose text was found")
    func pluralRulesOfTheChosenLanguage() throws {
        // Requested Polish, found English: English rules (2 is 'other'), not Polish ('few').
        let english = try Self.localizer().render("lives", locale: "pl", arguments: [2])
        #expect(english.text == "2 lives" && english.pluralCategories == [.other])
        // Russian text lacking 'few' and 'many' falls back to 'other', and says so.
        let russian = try Self.localizer().render("lives", locale: "ru", arguments: [5])
        #expect(russian.text == "5 жизни")
        #expect(russian.fallbacks == [.pluralForm(key: "lives", locale: "ru", category: .many)])
    }

    @Test("each fallback is reported once")
    func ledgerReportsOnce() throws {
        let localizer = try Self.localizer()
        var ledger = FallbackLedger()
        let first = try localizer.render("greeting", locale: "es-MX", arguments: ["A"])
        #expect(ledger.unreported(first.fallbacks).count == 1)
        #expect(ledger.unreported(first.fallbacks).isEmpty)
        // Another key with the same step (es-MX to es) is the same fallback.
        let again = try localizer.render("greeting", locale: "es-mx", arguments: ["B"])
        #expect(ledger.unreported(again.fallbacks).isEmpty)
        // A different step is new.
        #expect(ledger.unreported(try localizer.render("farewell", locale: "es").fallbacks).count == 1)
    }

    @Test("wrong arguments are typed errors naming key, language and table")
    func argumentErrors() throws {
        let localizer = try Self.localizer()
        #expect {
            try localizer.render("greeting", locale: "es", arguments: [3])
        } throws: { error in
            (error as? LocalizationError)?.description.hasPrefix("\"greeting\" (es) in t.xcstrings: %@ needs text")
                == true
        }
        #expect(throws: LocalizationError.self) { try localizer.render("greeting", locale: "es") }
        #expect(throws: LocalizationError.self) {
            try localizer.render("greeting", locale: "es", arguments: ["a", "b"])
        }
        #expect(throws: LocalizationError.self) { try localizer.render("lives", locale: "en", arguments: ["x"]) }
    }

    @Test("a key in two tables cannot be loaded")
    func keyInTwoTables() throws {
        let catalog = try StringCatalog(name: "a", text: Self.table)
        var copy = catalog
        copy.name = "b"
        #expect(throws: LocalizationError.keyInTwoTables(key: "greeting", first: "a", second: "b")) {
            try Localizer(catalogs: [catalog, copy])
        }
    }

    @Test("an unreadable table is an error that points at it")
    func unreadableTable() {
        #expect {
            try Localizer(tables: [(name: "bad.xcstrings", bytes: Array("{\"strings\": {}}".utf8))])
        } throws: { error in
            (error as? LocalizationError)?.description.contains("sourceLanguage") == true
        }
    }
}
