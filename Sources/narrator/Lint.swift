import ArgumentParser
import FoundationEssentials
import NarratorAudio
import NarratorCore
import NarratorLocalization
import NarratorServer
import NarratorSpeech

/// `narrator lint`: how translators test localization tables and game developers their event maps
/// and sound books. Thin: the checks live in `NarratorLocalization.CatalogLinter` and
/// `NarratorCore.EventMap` and `SoundBook`, the file finding in `LintInputs`.
struct Lint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check localization tables, event maps and sound books, and preview text.",
        discussion: """
            Each PATH is a String Catalog (.xcstrings), a sound book (sounds.json), an event map (another \
            .json file such as events.json), or a folder searched for all three; a PATH that does not exist \
            may name an installed profile (`narrator lint retroracing`), found as the daemon finds it \
            (`narrator profiles`). Without a PATH the shipped ones are checked: ./Localization if \
            it exists, else the Localization folder of the package the narrator executable was built in \
            (found by walking up from the executable), else ../share/narrator/Localization next to the \
            executable's folder.

            An event map is checked against the tables in its own folder: keys no table has, arguments \
            that do not fit a key's placeholders, unknown members, reserved event names (docs/EVENTS.md), \
            and sounds that the sounds.json beside it does not have. A sound book is checked on its own: \
            note names, lengths, WAV files beside it, steps naming no sound, cycles and limits \
            (docs/SOUNDS.md).

            A table Game.xcstrings is checked with the allow list Game.lint.json beside it, if there is \
            one: the warnings its translators allowed, each with a reason (docs/LOCALIZATION.md).

            Output: one line per finding, `path:line: error|warning: [rule] key (lang): message`, then a \
            summary line. Exit status: 0 when clean, 1 when there are errors (or warnings with --strict), \
            2 for a usage error or a file that cannot be read.

            Rules: \(LintRule.allCases.map { "\($0.rawValue) (\($0.defaultSeverity.rawValue))" }.joined(separator: ", ")).

            --preview KEY prints the key's text for each locale and count instead of checking, so every \
            plural form can be read before shipping: for example \
            `narrator lint --preview lives_remaining --locale pl --locale ar`. With --speak each \
            rendered line is also spoken, in its locale, after it is printed, with a pause before the next one \
            (--output chooses where: \(AudioOutput.help); without a sound device Narrator says so in \
            one line and the preview goes on silently).
            """
    )

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "Tables, event maps, folders of them, or profile names (default: the shipped ones).", valueName: "path"))
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
        name: .customLong("count"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "With --preview: a number for the numeric arguments, any whole number of 64 bits (negative ones as "
                + "--count -1) or a decimal (repeatable; default: 0 1 2 3 5 11 21 22 101 1.5).")
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

    @Option(
        help:
            "With --speak: folder holding espeak-ng-data, or the data folder itself, when it is not where espeak-ng looks by default (checked at start: one without voice data is refused)."
    )
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
        let inputs = try LintInputs.collect(try profileFolders(paths))
        if let preview {
            let lines = try LintPreview(key: preview, locales: locales, counts: counts, text: text).lines(
                tables: inputs.tables)
            try await show(lines, speakingTo: speechOutput)
            return
        }
        var diagnostics = CatalogLinter().lint(
            tables: inputs.tables.map { ($0.path, $0.bytes) }, allowLists: inputs.allowLists.map { ($0.path, $0.bytes) }
        ).diagnostics
        for book in inputs.books {
            diagnostics += SoundBook.lint(path: book.path, bytes: book.bytes) { name in
                try LintInputs.fileBeside(book.path, named: name)
            }
        }
        for map in inputs.maps {
            diagnostics += EventMap.lint(
                path: map.path, bytes: map.bytes, against: Self.localizer(map.tables), sounds: Self.sounds(for: map))
        }
        let files = inputs.tables.count + inputs.allowLists.count + inputs.maps.count + inputs.books.count
        let report = LintReport(files: files, diagnostics: diagnostics, strict: strict)
        print(format == "json" ? report.json : report.text, terminator: "")
        if report.errorCount > 0 { throw ExitCode(1) }
    }
}

extension Lint {
    /// `paths` with each one that does not exist and is a profile's name replaced by that
    /// profile's folder (`narrator lint retroracing`), found as the daemon finds it.
    func profileFolders(_ paths: [String]) throws -> [String] {
        let catalog = ProfileLocation.catalog(given: nil)
        return try paths.map { path in
            guard !FileManager.default.fileExists(atPath: path), ProfileCatalog.isName(path) else { return path }
            do {
                return try catalog.locate(path).folder
            } catch {
                throw LintUsageError("\(path) is neither a file nor a folder, and \(error)")
            }
        }
    }

    /// The tables an event map is checked against: every one that can be read, skipping a table
    /// whose keys clash with an earlier one (both problems are reported by the table checks).
    static func localizer(_ tables: [LintInputs.Table]) -> Localizer {
        var catalogs: [StringCatalog] = []
        for table in tables {
            guard let catalog = try? StringCatalog(name: table.path, bytes: table.bytes) else { continue }
            if (try? Localizer(catalogs: catalogs + [catalog])) != nil { catalogs.append(catalog) }
        }
        // Tables that load one by one load together.
        return (try? Localizer(catalogs: catalogs)) ?? (try! Localizer(catalogs: []))
    }
}

extension Lint {
    /// The book a map's sounds are checked against: the `sounds.json` beside it as far as it loads
    /// (its own problems are reported on it), or an empty book when there is none, so that every
    /// sound the map names is reported.
    static func sounds(for map: LintInputs.EventMapFile) -> SoundBook {
        guard let book = map.sounds else {
            let folder = map.path.contains("/") ? String(map.path[..<map.path.lastIndex(of: "/")!]) : "."
            return SoundBook(emptyNamed: "\(folder)/\(ProfileLayout.soundBook) (there is none)")
        }
        return SoundBook.partial(name: book.path, bytes: book.bytes) { name in
            try LintInputs.fileBeside(book.path, named: name)
        }
    }
}

/// A usage or I/O problem: printed as one line on standard error, exit status 2.
struct LintUsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
