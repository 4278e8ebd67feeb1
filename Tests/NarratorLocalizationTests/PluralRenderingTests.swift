import Testing

@testable import NarratorLocalization

/// Plural forms as a listener hears them, for the languages whose rules differ the most.
@Suite("Plural rendering")
struct PluralRenderingTests {
    static let counts = [0, 1, 2, 3, 5, 11, 21, 22, 101]

    /// `lives_remaining` from the shipped table at each of `counts`.
    static let livesRemaining: [(locale: String, expected: [String])] = [
        ("en", ["0 lives left", "1 life left"] + [2, 3, 5, 11, 21, 22, 101].map { "\($0) lives left" }),
        ("fr", ["0 vie restante", "1 vie restante"] + [2, 3, 5, 11, 21, 22, 101].map { "\($0) vies restantes" }),
        (
            "pl",
            [
                "Zostało 0 żyć", "Zostało jedno życie", "Zostały 2 życia", "Zostały 3 życia", "Zostało 5 żyć",
                "Zostało 11 żyć", "Zostało 21 żyć", "Zostały 22 życia", "Zostało 101 żyć",
            ]
        ),
        (
            "ru",
            [
                "Осталось 0 жизней", "Осталась 1 жизнь", "Осталось 2 жизни", "Осталось 3 жизни", "Осталось 5 жизней",
                "Осталось 11 жизней", "Осталась 21 жизнь", "Осталось 22 жизни", "Осталась 101 жизнь",
            ]
        ),
        (
            "ar",
            [
                "لم تبق أي روح", "بقيت روح واحدة", "بقيت روحان", "بقيت 3 أرواح", "بقيت 5 أرواح", "بقيت 11 روحًا",
                "بقيت 21 روحًا", "بقيت 22 روحًا", "بقيت 101 روح",
            ]
        ),
        ("ja", counts.map { "のこり ライフ \($0)" }),
        ("de", ["Noch 0 Leben", "Noch ein Leben"] + [2, 3, 5, 11, 21, 22, 101].map { "Noch \($0) Leben" }),
        (
            "es",
            ["Te quedan 0 vidas", "Te queda una vida"] + [2, 3, 5, 11, 21, 22, 101].map { "Te quedan \($0) vidas" }
        ),
        ("pt-BR", ["Resta 0 vida", "Resta 1 vida"] + [2, 3, 5, 11, 21, 22, 101].map { "Restam \($0) vidas" }),
    ]

    @Test("lives_remaining picks the CLDR form at 0, 1, 2, 3, 5, 11, 21, 22, 101", arguments: livesRemaining)
    func livesRemainingForms(locale: String, expected: [String]) throws {
        let localizer = try TestFiles.shippedLocalizer()
        let rendered = try Self.counts.map {
            try localizer.render("lives_remaining", locale: locale, arguments: [.integer($0)]).text
        }
        #expect(rendered == expected)
    }

    /// `minutes_played` (a `%.1f` substitution) at 1.5: the written digits choose the form, and the
    /// decimal separator is the language's.
    static let oneAndAHalf: [(locale: String, expected: String, category: PluralCategory)] = [
        ("en", "1.5 minutes played", .other), ("fr", "1,5 minute", .one), ("pl", "1,5 minuty", .other),
        ("ru", "1,5 минуты", .other), ("ar", "1.5 دقيقة", .other), ("ja", "1.5 ふん", .other),
        ("de", "1,5 Minuten", .other), ("es", "1,5 minutos", .other), ("pt-BR", "1,5 minuto", .one),
    ]

    @Test("a decimal 1.5 picks its form by its written digits", arguments: oneAndAHalf)
    func decimalForms(locale: String, expected: String, category: PluralCategory) throws {
        let localizer = try Localizer(catalogs: [try TestFiles.fixtureCatalog("decimal-plurals.xcstrings")])
        let rendering = try localizer.render("minutes_played", locale: locale, arguments: [.decimal(1.5)])
        #expect(rendering.text == expected)
        #expect(rendering.pluralCategories == [category])
    }

    @Test("1 written as 1.0 is not singular in English but is in French")
    func visibleFractionDigitsMatter() throws {
        let localizer = try Localizer(catalogs: [try TestFiles.fixtureCatalog("decimal-plurals.xcstrings")])
        #expect(
            try localizer.render("minutes_played", locale: "en", arguments: [.integer(1)]).text == "1.0 minutes played")
        #expect(try localizer.render("minutes_played", locale: "fr", arguments: [.decimal(1)]).text == "1,0 minute")
        #expect(try localizer.render("minutes_played", locale: "ar", arguments: [.integer(2)]).text == "دقيقتان")
    }

    @Test(
        "every shipped language renders every plural key at every test number",
        arguments: ShippedTablesTests.languages)
    func everyLanguageAtEveryCount(language: String) throws {
        let localizer = try TestFiles.shippedLocalizer()
        let rules = PluralRules(locale: language)
        for count in Self.counts {
            let rendering = try localizer.render(
                "crash_lives_remaining", locale: language, arguments: [.integer(count)])
            #expect(rendering.pluralCategories == [rules.category(for: count)])
            #expect(rendering.fallbacks.isEmpty)
        }
        // Lives are whole numbers: 1.5 is refused with a typed error, never formatted as garbage.
        #expect(throws: LocalizationError.self) {
            try localizer.render("lives_remaining", locale: language, arguments: [.decimal(1.5)])
        }
    }

    @Test("status_summary chooses its lives form by argument 3, not argument 1")
    func substitutionUsesItsArgNum() throws {
        let localizer = try TestFiles.shippedLocalizer()
        let text = try localizer.render("status_summary", locale: "pl", arguments: [1, 5, 3, 2]).text
        #expect(text == "Wynik 1, poziom 5, 3 życia, pas 2.")
        let arabic = try localizer.render("status_summary", locale: "ar", arguments: [120, 2, 2, 3]).text
        #expect(arabic == "النقاط 120، المستوى 2، روحان، المسار 3.")
    }
}
