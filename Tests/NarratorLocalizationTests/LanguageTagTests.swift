import NarratorLocalization
import Testing

/// The tag every speech backend chooses its voice by, read without any engine.
@Suite("Language tags")
struct LanguageTagTests {
    typealias Row = (text: String, language: String, script: String?, region: String?)

    static let wellFormed: [Row] = [
        ("en", "en", nil, nil),
        ("EN-gb", "en", nil, "GB"),
        ("pt_BR", "pt", nil, "BR"),
        ("zh-hans-tw", "zh", "Hans", "TW"),
        ("es-419", "es", nil, "419"),
        ("de_DE.UTF-8", "de", nil, "DE"),
        ("sr-Latn@latin", "sr", "Latn", nil),
        ("yue", "yue", nil, nil),
        ("de-CH-1996", "de", nil, "CH"),
    ]

    @Test("a tag is read into its language, script and region", arguments: wellFormed)
    func reads(row: Row) throws {
        let tag = try LanguageTag(parsing: row.text)
        #expect(tag.language == row.language && tag.script == row.script && tag.region == row.region)
        #expect(tag.description == [row.language, row.script, row.region].compactMap { $0 }.joined(separator: "-"))
    }

    @Test("text that is no tag is refused with the form a tag has", arguments: ["", "1", "e", "en-", "de--DE", "x!"])
    func refuses(text: String) {
        #expect(throws: LanguageTag.Invalid(text)) { try LanguageTag(parsing: text) }
        #expect(LanguageTag.Invalid(text).description.contains("BCP-47"))
    }
}
