import Foundation
import NarratorJSON
import Testing

@testable import NarratorLocalization

/// The rules that keep lint's findings ones a translator acts on: what makes a `%` text, when a
/// translation equal to its source is reported, and the Arabic mark order espeak-ng misreads.
@Suite("Lint findings a translator trusts")
struct LintTrustTests {
    /// A table with one key, `k`, whose texts are given by language (the first is the source).
    static func table(_ texts: KeyValuePairs<String, String>, source: String = "en", key: String = "k") -> [UInt8] {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let localizations = texts.map { language, text in
            "\(quoted(language)): {\"stringUnit\": {\"state\": \"translated\", \"value\": \(quoted(text))}}"
        }
        return Array(
            "{\"sourceLanguage\": \"\(source)\", \"strings\": {\(quoted(key)): {\"localizations\": {\(localizations.joined(separator: ", "))}}}, \"version\": \"1.0\"}"
                .utf8)
    }

    static func findings(_ bytes: [UInt8]) -> [String] {
        CatalogLinter().lint(path: "t.xcstrings", bytes: bytes).map { "\($0.rule.rawValue) \($0.language ?? "")" }
    }

    @Test(
        "a % that starts no known placeholder is text when looking for arguments",
        arguments: [
            ("100%", false), ("10% of your best lap", false), ("10 % de réduction", false), ("50%%", false),
            ("%lld%%", true), ("Score: %lld (100% max)", true), ("50% off %@", true), ("%#@lives@", true),
            ("^[%lld](spellout: \"cardinal\") laps, 100%", true), ("%s", false),
        ])
    func placeholdersFound(text: String, usesArguments: Bool) {
        #expect(FormatString(findingPlaceholdersIn: text).usesArguments == usesArguments)
    }

    @Test("a key takes arguments when its key or its source text has a placeholder, or its source varies by plural")
    func takesArguments() throws {
        func entry(_ bytes: [UInt8]) throws -> CatalogEntry {
            try #require(try StringCatalog(name: "t", bytes: bytes).entries.first)
        }
        #expect(
            try !entry(Self.table(["en": "100%", "de": "100 %"], key: "100%")).takesArguments(sourceLanguage: "en"))
        #expect(
            try entry(Self.table(["en": "Score", "de": "Punkte"], key: "%lld")).takesArguments(sourceLanguage: "en"))
        #expect(try entry(Self.table(["en": "%lld%%", "de": "%lld %%"])).takesArguments(sourceLanguage: "en"))
        // Without source text, every language's text counts.
        #expect(try entry(Self.table(["de": "%lld Punkte"])).takesArguments(sourceLanguage: "en"))
    }

    @Test("without arguments a % is no error, but a translation that adds a placeholder still is")
    func percentWithoutArguments() {
        #expect(Self.findings(Self.table(["en": "100% done", "fr": "Fini à 100 %", "de": "100 % fertig"])) == [])
        // One argument too many: which one, and the count.
        #expect(
            Self.findings(Self.table(["en": "100% done", "fr": "Fini à %lld %"]))
                == ["placeholder-mismatch fr", "placeholder-mismatch fr"])
        // With an argument, the same % is an error in the source and the translation.
        #expect(
            Self.findings(Self.table(["en": "%lld: 100% done", "fr": "%lld : fini à 100 %"]))
                == ["placeholder-mismatch en", "placeholder-mismatch fr"])
    }

    @Test(
        "equal to the source and likely forgotten: a phrase, or a word in other letters than the language's",
        arguments: [
            (["en": "Tap to start", "de": "Tap to start", "fr": "Touche pour jouer"], ["identical-to-source de"]),
            (["en": "Settings", "de": "Settings", "fr": "Réglages"], []),
            (["en": "Settings", "ru": "Settings", "fr": "Réglages"], []),  // no other ru text says which letters
            (["en": "km/h", "fr": "km/h", "de": "km/h"], []),
            (["en": "OK", "ja": "OK", "fr": "OK"], []), (["en": "HUD", "ru": "HUD"], []), (["en": "A", "ar": "A"], []),
            (["en": "x%lld", "ru": "x%lld"], []), (["en": "+%lld", "de": "+%lld"], []),
        ] as [(KeyValuePairs<String, String>, [String])])
    func identical(texts: KeyValuePairs<String, String>, expected: [String]) {
        #expect(Self.findings(Self.table(texts)) == expected)
    }

    @Test("a text most translators kept the same is a name: three of four is, two of four is not")
    func keptByMost() {
        let four = ["Neon Drift", "Neon Drift", "Neon Drift", "Néon Dérive"]
        func table(_ texts: [String]) -> [UInt8] {
            Self.table(["en": "Neon Drift", "de": texts[0], "it": texts[1], "nl": texts[2], "fr": texts[3]])
        }
        #expect(Self.findings(table(four)) == [])
        #expect(
            Self.findings(table(["Neon Drift", "Neon Drift", "Neon-Drift", "Néon Dérive"]))
                == ["identical-to-source de", "identical-to-source it"])
    }

    @Test("the letters a language is written in come from its texts that differ from the source")
    func scripts() throws {
        #expect(WritingScript.main(of: ["Счёт", "OK"]) == .cyrillic)
        #expect(WritingScript.main(of: ["ベストラップ", "設定"]) == .hanAndKana)
        #expect(WritingScript.main(of: ["123 %"]) == nil)
        let catalog = try StringCatalog(name: "t", bytes: try TestFiles.fixture("shipped-game.xcstrings"))
        let scripts = EntryCheck.scripts(of: catalog)
        #expect(scripts["ru"] == .cyrillic && scripts["ar"] == .arabic && scripts["ja"] == .hanAndKana)
        #expect(scripts["pl"] == .latin)
    }

    @Test("an Arabic vowel mark before a shadda is found; the shadda first is right")
    func shaddaOrder() {
        let shaddaFirst = "\u{062C}\u{064E}\u{064A}\u{0651}\u{0650}\u{062F}\u{064E}\u{0629}\u{064C}"
        let normalized = "\u{062C}\u{064E}\u{064A}\u{0650}\u{0651}\u{062F}\u{064E}\u{0629}\u{064C}"
        #expect(SpeechText.problems(in: shaddaFirst).isEmpty)
        let problems = SpeechText.problems(in: normalized)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("vowel mark (U+0650) before a shadda") == true)
        #expect(
            Self.findings(Self.table(["en": "Good", "ar": "\(normalized)!"])) == ["speech-unfriendly ar"])
    }
}
