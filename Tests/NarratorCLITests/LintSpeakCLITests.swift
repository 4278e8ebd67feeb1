import NarratorTestSupport
import Testing

/// `narrator lint --preview KEY --speak`: a translator hears each rendered line, in order.
@Suite("narrator lint --speak")
struct LintSpeakCLITests {
    @Test("--speak prints each line and speaks it: three Polish forms make three phrases, with a pause between")
    func speaksEveryLine() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/preview.wav"
            let run = try NarratorBinary.run([
                "lint", "--preview", "lives_remaining", "--locale", "pl", "--count", "1", "--count", "2", "--count",
                "5",
                "--speak", "--output", "wav:\(path)",
            ])
            #expect(run.status == 0, "\(run.transcript)")
            #expect(run.errors.isEmpty, "\(run.transcript)")
            #expect(
                run.output == """
                    lives_remaining
                      pl      1      [one] Zostało jedno życie
                      pl      2      [few] Zostały dwa życia
                      pl      5      [many] Zostało pięć żyć

                    """)
            // Each phrase alone lasts 1.2-1.3 s and the two pauses 0.6 s each: two phrases would stay
            // under 4.1 s, four would pass 5.7 s.
            try WAVFile.expectSpeech(at: path, seconds: 4.1...5.7)
            // espeak-ng leaves no tenth of a second of silence inside or between its phrases; the
            // preview's pauses are the only long silences, one between each two lines, none after.
            let wav = try WAVFile(path: path)
            let pauses = wav.silences(atLeast: 0.5)
            #expect(pauses.count == 2, "silences: \(pauses)")
            #expect(pauses.allSatisfy { $0.start > 0.5 && $0.start + $0.length < wav.duration - 0.5 }, "\(pauses)")
        }
    }

    @Test(
        "--speak and its options without what they need are usage errors: exit 2, one line",
        arguments: [
            (["lint", "--speak"], "--speak needs --preview KEY"),
            (["lint", "--preview", "lives_remaining", "--output", "null"], "need --speak"),
            (["lint", "--preview", "lives_remaining", "--speak", "--output", "foo"], "auto | pulse | alsa | wav:PATH"),
            (["lint", "--preview", "lives_remaining", "--speak", "--locale", "x!", "--output", "null"], "BCP-47"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let run = try NarratorBinary.run(arguments)
        #expect(run.status == 2, "\(run.transcript)")
        #expect(run.output.isEmpty)
        #expect(run.errorLines.count == 1, "\(run.transcript)")
        #expect(run.errors.hasPrefix("narrator lint: ") && run.errors.contains(message), "\(run.transcript)")
    }

    @Test("lint --help documents --speak and --output")
    func help() throws {
        let run = try NarratorBinary.run(["lint", "--help"])
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.output.contains("--speak") && run.output.contains("--output"))
    }
}
