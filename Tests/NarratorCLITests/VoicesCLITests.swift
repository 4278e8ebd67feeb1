import NarratorTestSupport
import Testing

/// `narrator voices` run as a user runs it, against the voices installed with espeak-ng-data.
@Suite("narrator voices")
struct VoicesCLITests {
    /// The tab-separated columns of each line of standard output.
    static func rows(_ run: NarratorBinary.Run) -> [[Substring]] {
        run.output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    }

    @Test("voices lists the installed voices, one per line, English (GB) and German among them")
    func listsVoices() throws {
        let run = try NarratorBinary.run(["voices"])
        #expect(run.status == 0, "\(run.transcript)")
        let languages = Self.rows(run).map { $0.first ?? "" }
        #expect(languages.first == "LANGUAGE")
        #expect(languages.contains("en-gb"))
        #expect(languages.contains("de"))
    }

    @Test("voices --locale zh-Hant chooses the pinyin Mandarin voice")
    func chineseUsesPinyinVoice() throws {
        let run = try NarratorBinary.run(["voices", "--locale", "zh-Hant"])
        #expect(run.status == 0, "\(run.transcript)")
        let row = try #require(Self.rows(run).first)
        #expect(row.first == "zh-Hant")
        #expect(row.dropFirst().first == "cmn-latn-pinyin")
        #expect(!run.output.contains("warning"))
    }

    @Test("voices --locale de-AT uses German and prints one warning line about the fallback")
    func regionFallbackWarns() throws {
        let run = try NarratorBinary.run(["voices", "--locale", "de-AT"])
        #expect(run.status == 0, "\(run.transcript)")
        #expect(Self.rows(run).first?.dropFirst().first == "de")
        let warnings = run.output.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1, "\(run.transcript)")
        #expect(warnings.first?.contains("de-AT") == true)
    }
}
