import Foundation
import NarratorTestSupport
import Testing

/// `narrator lint` run as a user runs it: the real binary, its output and its exit status.
@Suite("narrator lint")
struct LintCLITests {
    static let fixtures = NarratorBinary.packageRoot.appendingPathComponent("Tests/NarratorLocalizationTests/Fixtures")
        .path

    @Test("the shipped tables, event maps and sound books are found from the package folder and lint clean: exit 0")
    func shippedTablesClean() throws {
        let run = try NarratorBinary.run(["lint"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output == "7 files checked: no problems.\n")
    }

    @Test("without ./Localization the tables are found from the executable's package")
    func shippedTablesFromExecutable() throws {
        let run = try NarratorBinary.run(["lint"], in: NSTemporaryDirectory())
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasSuffix("7 files checked: no problems.\n"))
    }

    @Test("errors print path:line: error: [rule] key (lang): message and exit 1")
    func errorsExitOne() throws {
        let path = "\(Self.fixtures)/missing-plural-category.xcstrings"
        let run = try NarratorBinary.run(["lint", path])
        #expect(run.status == 1)
        #expect(
            run.output == """
                \(path):16: error: [missing-plural-category] lives_remaining (pl): the plural forms lack 'few', \
                'many': pl needs one, few, many, other
                1 file checked: 1 error, 0 warnings.

                """)
    }

    @Test("a table's allow list beside it is read with it, also when only the allow list is named")
    func allowListBesideTheTable() throws {
        for named in ["allowed.xcstrings", "allowed.lint.json"] {
            let run = try NarratorBinary.run(["lint", "\(Self.fixtures)/\(named)"])
            #expect(run.status == 1, "\(run.transcript)")
            #expect(
                run.output == """
                    \(Self.fixtures)/allowed.lint.json:19: warning: [unused-allowance] allows markup for key \
                    "credits", but \(Self.fixtures)/allowed.xcstrings has no such finding: remove the entry or fix it
                    \(Self.fixtures)/allowed.lint.json:24: error: [allow-list] "missing-translation" cannot be allowed \
                    (errors make a table speak wrong text or nothing): allow one of identical-to-source, \
                    speech-unfriendly, legacy-plural-pair, count-without-plural, digit-grouping, abbreviation, markup
                    \(Self.fixtures)/allowed.xcstrings:22: warning: [identical-to-source] time_trial (fr): is the same as \
                    the en text, and a phrase of several words left unchanged is most often one nobody translated: \
                    translate it, or, if it is right in fr (a name, a title), allow it in allowed.lint.json
                    2 files checked: 1 error, 2 warnings.

                    """, "\(run.transcript)")
        }
    }

    @Test("warnings alone exit 0; --strict makes them errors and exits 1")
    func strictMode() throws {
        let path = "\(Self.fixtures)/state.xcstrings"
        let relaxed = try NarratorBinary.run(["lint", path])
        #expect(relaxed.status == 0)
        #expect(relaxed.output.contains(": warning: [state] paused (de): "))
        let strict = try NarratorBinary.run(["lint", "--strict", path])
        #expect(strict.status == 1)
        #expect(strict.output.contains(": error: [state] paused (de): "))
        #expect(strict.output.hasSuffix("1 file checked: 1 error, 0 warnings.\n"))
    }

    @Test("--format json prints one JSON document with counts and diagnostics")
    func jsonFormat() throws {
        let run = try NarratorBinary.run(["lint", "--format", "json", "\(Self.fixtures)/duplicate-key.xcstrings"])
        #expect(run.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect(document?["errors"] as? Int == 1)
        #expect(document?["files"] as? Int == 1)
        let diagnostic = (document?["diagnostics"] as? [[String: Any]])?.first
        #expect(diagnostic?["rule"] as? String == "duplicate-key")
        #expect(diagnostic?["severity"] as? String == "error")
        #expect(diagnostic?["line"] as? Int == 9)
    }

    @Test(
        "usage and I/O problems exit 2 with one line on standard error",
        arguments: [
            (["lint", "/no/such/table.xcstrings"], "does not exist"),
            (["lint", "--format", "xml"], "--format must be text or json"),
            (["lint", "--bogus"], "unknown option --bogus"),
            (["lint", "--preview", "no_such_key"], "no table defines the key"),
            (["lint", "--preview", "score", "--count", "many"], "is not a number"),
            (["lint", "--preview", "score", "--count", "9223372036854775808"], "beyond the 64-bit whole numbers"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let run = try NarratorBinary.run(arguments)
        #expect(run.status == 2, "\(run.output)\(run.errors)")
        #expect(run.errors.hasPrefix("narrator lint: ") && run.errors.contains(message), "\(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test("--preview prints every locale and count, with the plural category chosen")
    func preview() throws {
        let run = try NarratorBinary.run([
            "lint", "--preview", "lives_remaining", "--locale", "pl", "--locale", "ar", "--count", "2", "--count", "5",
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output == """
                lives_remaining
                  pl      2      [few] Zostały dwa życia
                  pl      5      [many] Zostało pięć żyć
                  ar      2      [two] بَقِيَتْ رُوحانِ
                  ar      5      [few] بَقِيَتْ خَمْسُ أَرْواحٍ

                """)
    }

    @Test("--preview shows decimals and which language a fallback used")
    func previewDecimalsAndFallback() throws {
        let table = "\(Self.fixtures)/decimal-plurals.xcstrings"
        let run = try NarratorBinary.run([
            "lint", table, "--preview", "minutes_played", "--locale", "fr-CA", "--count", "1.5",
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("fr-CA   1.5    [one] 1,5 minute (from fr)"))
    }

    @Test("--count takes every 64-bit whole number, negative ones too, and the table may follow --preview")
    func previewWholeRange() throws {
        let run = try NarratorBinary.run([
            "lint", "--preview", "score", "--locale", "ru", "--count", "-1", "--count", "-9223372036854775808",
            "--count", "9223372036854775807",
            NarratorBinary.packageRoot.appendingPathComponent("Localization/retroracing/RetroRacing.xcstrings").path,
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output == """
                score
                  ru      -1     Счёт минус один
                  ru      -9223372036854775808  Счёт минус 9223372036854775808
                  ru      9223372036854775807  Счёт 9223372036854775807

                """)
    }

    @Test("--preview marks a form taken from 'other' because the table lacks the language's own")
    func previewFromOther() throws {
        let table = "\(Self.fixtures)/missing-plural-category.xcstrings"
        let run = try NarratorBinary.run([
            "lint", "--preview", "lives_remaining", table, "--locale", "pl", "--count", "2",
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("(from other)"), "\(run.output)")
    }
}
