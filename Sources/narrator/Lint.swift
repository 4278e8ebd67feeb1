import ArgumentParser
import FoundationEssentials
import NarratorLocalization
import NarratorSpeech

/// `narrator lint`: how translators test localization tables. Thin: the checks live in
/// `NarratorLocalization.CatalogLinter`, the file finding in `LintInputs`.
struct Lint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check localization tables (.xcstrings) and preview their text.",
        discussion: """
            Each PATH is a String Catalog (.xcstrings) or a folder searched for them. Without a PATH the \
            shipped tables are checked: ./Localization if it exists, else the Localization folder of the \
            package the narrator executable was built in (found by walking up from the executable), else \
            ../share/narrator/Localization next to the executable's folder.

            Output: one line per finding, `path:line: error|warning: [rule] key (lang): message`, then a \
            summary line. Exit status: 0 when clean, 1 when there are errors (or warnings with --strict), \
            2 for a usage error or a file that cannot be read.

            Rules: \(LintRule.allCases.map { "\($0.rawValue) (\($0.defaultSeverity.rawValue))" }.joined(separator: ", ")).

            --preview KEY prints the key's text for each locale and count instead of checking, so every \
            plural form can be read before shipping: for example \
            `narrator lint --preview lives_remaining --locale pl --locale ar`. With --speak each \
            rendered line is also spoken, in its locale, after it is printed and before the next one \
            (--output chooses where: \(AudioOutput.help); without a sound device Narrator says so in \
            one line and the preview goes on silently).
            """
    )

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("Tables or folders of tables (default: the shipped tables).", valueName: "path"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "format"))
    var format = "text"

    @Flag(help: "Report warnings as errors.")
    var strict = false

    @Option(help: ArgumentHelp("Print the rendered text of KEY instead of checking.", valueName: "key"))
    var preview: String?

    @Option(
        name: .customLong("locale"),
        help: ArgumentHelp("With --preview: a locale to render (repeatable; default: every language of the key).")
    )
    var locales: [String] = []

    @Option(
        name: .customLong("count"),
        help: ArgumentHelp(
            "With --preview: a number for the numeric arguments (repeatable; default: 0 1 2 3 5 11 21 22 101 1.5).")
    )
    var counts: [String] = []

    @Option(help: ArgumentHelp("With --preview: the value of text arguments.", valueName: "text"))
    var text = "Cruise"

    @Flag(help: "With --preview: speak each rendered line in its locale, one after another.")
    var speak = false

    @Option(
        help: ArgumentHelp("With --speak: where speech goes: \(AudioOutput.help) (default: auto).", valueName: "output")
    )
    var output: String?

    @Option(help: "With --speak: folder holding espeak-ng-data, when it is not where espeak-ng looks by default.")
    var espeakData: String?

    func run() async throws {
        do {
            try await execute()
        } catch let usage as LintUsageError {
            // ArgumentParser's own usage errors exit 64; lint promises 2 for what it checks itself.
            StandardStreams.printError("narrator lint: \(usage.message)")
            throw ExitCode(2)
        }
    }

    private func execute() async throws {
        let options = paths.filter { $0.hasPrefix("-") && $0 != "-" }
        guard options.isEmpty else {
            throw LintUsageError("unknown option \(options.joined(separator: ", ")); see `narrator lint --help`")
        }
        guard format == "text" || format == "json" else {
            throw LintUsageError("--format must be text or json, not \(format)")
        }
        let speechOutput = try speechOutput()
        let tables = try LintInputs.collect(paths)
        if let preview {
            let lines = try LintPreview(key: preview, locales: locales, counts: counts, text: text).lines(
                tables: tables)
            try await show(lines, speakingTo: speechOutput)
            return
        }
        let result = CatalogLinter().lint(tables: tables.map { ($0.path, $0.bytes) })
        let report = LintReport(files: tables.count, diagnostics: result.diagnostics, strict: strict)
        print(format == "json" ? report.json : report.text, terminator: "")
        if report.errorCount > 0 { throw ExitCode(1) }
    }
}

/// A usage or I/O problem: printed as one line on standard error, exit status 2.
struct LintUsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
