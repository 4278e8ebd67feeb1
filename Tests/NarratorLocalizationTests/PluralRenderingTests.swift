import NarratorJSON
import Testing

@testable import NarratorLocalization

/// Plural forms as a listener hears them, for the languages whose rules differ the most.
@Suite("Plural rendering")
struct PluralRenderingTests {
    static let counts = [0, 1, 2, 3, 5, 11, 21, 22, 101]

    /// `lives_remaining` from the shipped table at each of `counts`: the numbers are spoken as words
    /// in the grammatical form each language's noun needs (digits only in Arabic; Japanese in kana).
    static let livesRemaining: [(locale: String, expected: [String])] = [
        // English keeps digits: espeak-ng's English reading of them is right.
        ("en", ["0 lives left", "1 life left"] + [2, 3, 5, 11, 21, 22, 101].map { "\($0) lives left" }),
        (
            "fr",
            [
                "zéro vie restante", "une vie restante", "deux vies restantes", "trois vies restantes",
                "cinq vies restantes", "onze vies restantes", "vingt-et-une vies restantes",
                "vingt-deux vies restantes",
                "cent une vies restantes",
            ]
        ),
        (
            "pl",
            [
                "Zostało zero żyć", "Zostało jedno życie", "Zostały dwa życia", "Zostały trzy życia",
                "Zostało pięć żyć",
                "Zostało jedenaście żyć", "Zostało dwadzieścia jeden żyć", "Zostały dwadzieścia dwa życia",
                "Zostało sto jeden żyć",
            ]
        ),
        (
            "ru",
            [
                "Осталось ноль жизней", "Осталась одна жизнь", "Осталось две жизни", "Осталось три жизни",
                "Осталось пять жизней", "Осталось одиннадцать жизней", "Осталась двадцать одна жизнь",
                "Осталось двадцать две жизни", "Осталась сто одна жизнь",
            ]
        ),
        (
            "ar",
            [
                "لَمْ تَبْقَ أَيُّ رُوحٍ", "بَقِيَتْ رُوحٌ واحِدَةٌ", "بَقِيَتْ رُوحانِ", "بَقِيَتْ ثَلاثُ أَرْواحٍ",
                "بَقِيَتْ خَمْسُ أَرْواحٍ", "بَقِيَتْ إِحْدى عَشْرَةَ رُوحًا", "بَقِيَتْ إِحْدى وَعِشْرونَ رُوحًا",
                "بَقِيَتْ اِثْنَتانِ وَعِشْرونَ رُوحًا", "بَقِيَتْ مِنَ الأَرْواحِ مِئَةٌ وَواحِدَةٌ",
            ]
        ),
        (
            "ja",
            ["ゼロ", "いち", "に", "さん", "ご", "じゅういち", "にじゅういち", "にじゅうに", "ひゃくいち"].map {
                "のこり ライフ \($0)"
            }
        ),
        (
            "de",
            [
                "Noch null Leben", "Noch ein Leben", "Noch zwei Leben", "Noch drei Leben", "Noch fünf Leben",
                "Noch elf Leben", "Noch einundzwanzig Leben", "Noch zweiundzwanzig Leben", "Noch einhundertein Leben",
            ]
        ),
        (
            "es",
            [
                "Te quedan cero vidas", "Te queda una vida", "Te quedan dos vidas", "Te quedan tres vidas",
                "Te quedan cinco vidas", "Te quedan once vidas", "Te quedan veintiuna vidas",
                "Te quedan veintidós vidas",
                "Te quedan ciento una vidas",
            ]
        ),
        (
            "pt-BR",
            [
                "Resta zero vida", "Resta uma vida", "Restam duas vidas", "Restam três vidas", "Restam cinco vidas",
                "Restam onze vidas", "Restam vinte e uma vidas", "Restam vinte e duas vidas",
                "Restam cento e uma vidas",
            ]
        ),
        (
            "zh-Hans",
            ["零", "一", "两", "三", "五", "十一", "二十一", "二十二", "一百零一"].map { "还剩 \($0) 条命" }
        ),
        ("ko", ["영", "한", "두", "세", "다섯", "열한", "스물한", "스물두", "백한"].map { "남은 목숨 \($0) 개" }),
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
        #expect(text == "Wynik 1, poziom 5, trzy życia, pas 2.")
        let arabic = try localizer.render("status_summary", locale: "ar", arguments: [120, 2, 2, 3]).text
        #expect(arabic == "النُّقاطُ 120، المُسْتَوى 2، رُوحانِ، المَسارُ 3.")
    }
}
