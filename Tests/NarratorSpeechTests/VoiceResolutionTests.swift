import NarratorLocalization
import NarratorSpeech
import Testing

@Suite("Locale to voice")
struct VoiceResolutionTests {
    typealias Row = (locale: String, language: String, match: ResolvedVoice.Match)

    /// Against the voices installed with espeak-ng-data 1.51 (Debian 12).
    static let table: [Row] = [
        ("en", "en", .exact),
        ("en-GB", "en-gb", .exact),
        ("en-US", "en-us", .exact),
        ("en_US.UTF-8", "en-us", .exact),
        ("en-AU", "en", .languageFallback),
        ("de", "de", .exact),
        ("de-DE", "de", .exact),
        ("de-AT", "de", .languageFallback),
        ("es", "es", .exact),
        ("es-ES", "es", .exact),
        ("es-419", "es-419", .exact),
        ("es-MX", "es-mx", .exact),
        ("es-AR", "es-419", .exact),
        ("fr", "fr", .exact),
        ("fr-FR", "fr-fr", .exact),
        ("fr-CA", "fr", .languageFallback),
        ("pt-BR", "pt-br", .exact),
        ("pt-PT", "pt-pt", .exact),
        ("pt", "pt", .exact),
        ("zh-Hans", "cmn-latn-pinyin", .exact),
        ("zh-Hant", "cmn-latn-pinyin", .exact),
        ("zh-HK", "yue", .exact),
        ("ja", "ja", .exact),
        ("ko", "ko", .exact),
        ("ar", "ar", .exact),
        ("pl-PL", "pl", .exact),
        ("ru", "ru", .exact),
        ("tlh", "en", .englishFallback),
        ("xx-YY", "en", .englishFallback),
    ]

    @Test("Each locale gets the expected voice, with a warning exactly when it falls back", arguments: table)
    func resolves(row: Row) throws {
        let voice = try TestEngine.engine().resolveVoice(row.locale)
        #expect(voice.espeakLanguage == row.language)
        #expect(voice.match == row.match)
        #expect((voice.fallbackWarning != nil) == (row.match != .exact))
        if let warning = voice.fallbackWarning {
            #expect(warning.contains(voice.requested.description))
        }
    }

    @Test("Malformed tags are errors that show the expected form", arguments: ["", "1", "e", "en-", "de--DE", "x!"])
    func rejectsMalformedTags(locale: String) throws {
        #expect(throws: SpeechError.invalidLocale(locale)) { try TestEngine.engine().resolveVoice(locale) }
        #expect(SpeechError.invalidLocale(locale).description.contains("BCP-47"))
    }

    @Test("A fallback voice really speaks: fr-CA is spoken by the French voice")
    func fallbackSpeaks() async throws {
        let (samples, outcome, id) = try await TestEngine.render(
            "Il reste deux vies.", voice: VoiceRequest(locale: "fr-CA"))
        #expect(outcome == .finished(id))
        #expect(rms(samples) > 500)
    }
}
