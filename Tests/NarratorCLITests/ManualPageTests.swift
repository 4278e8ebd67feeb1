import Foundation
import NarratorTestSupport
import Testing

@testable import narrator_manual

/// The man pages scripts/install writes, from what each executable's argument parser says.
@Suite("Manual pages")
struct ManualPageTests {
    /// The tools whose pages are installed, built beside the narrator.
    static let tools = ["narrator", "retroracing"]

    static func description(of tool: String) throws -> (json: String, description: ToolDescription) {
        let binary = try NarratorBinary.url().deletingLastPathComponent().appendingPathComponent(tool).path
        let run = try ChildProcess.run(binary, ["--experimental-dump-help"])
        try #require(run.status == 0, "\(run.transcript)")
        return (run.output, try ToolDescription.decode(Array(run.output.utf8)))
    }

    static func page(of tool: String) throws -> String {
        let description = try description(of: tool).description
        return ManualPage(
            tool: description.command, source: "Narrator test", extras: .of(tool, prefix: "/opt/narrator")
        ).render()
    }

    /// The page as man(1) shows it, and what groff warned about while formatting it.
    static func shown(_ page: String) throws -> ChildProcess.Finished {
        let man = try #require(
            PrivatePulseAudio.findExecutable("man"), "man is missing: scripts/install-deps.sh --test installs man-db")
        return try withTemporaryFolder { folder in
            let file = folder + "/page.1"
            try page.write(toFile: file, atomically: true, encoding: .utf8)
            return try ChildProcess.run(
                man.path, ["--warnings", "-l", file],
                environment: ProcessInfo.processInfo.environment.merging(["MANWIDTH": "100", "MANPAGER": "cat"]) {
                    $1
                })
        }
    }

    @Test("each page formats without a warning and names every command and option --help names", arguments: tools)
    func pageCoversTheParser(tool: String) throws {
        let description = try Self.description(of: tool).description
        let shown = try Self.shown(try Self.page(of: tool))
        #expect(shown.status == 0 && shown.errors.isEmpty, "\(shown.transcript)")
        let text = shown.output
        #expect(text.contains("\(tool.uppercased())(1)"))
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "FILES", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO",
        ] {
            #expect(text.contains("\n\(section)\n"), "\(tool): no \(section) section")
        }
        var commands = [description.command]
        while let command = commands.popLast() {
            // ArgumentParser's own `help` subcommand is listed only beside real ones.
            commands += command.shownSubcommands.filter { $0.commandName != "help" }
            #expect(text.contains(command.fullName), "\(tool): \(command.fullName) is not in the page")
            for argument in command.shownArguments {
                for name in argument.typedNames {
                    #expect(text.contains(name), "\(command.fullName): \(name) is not in the page")
                }
                if let value = argument.defaultValue {
                    #expect(text.contains("default: \(value)"), "\(command.fullName): the default \(value) is missing")
                }
            }
        }
    }

    @Test("the narrator's page has each command's discussion, and its files where this install put them")
    func narratorPageSaysWhatHelpSays() throws {
        let text = try Self.shown(try Self.page(of: "narrator")).output
        let serve = try Self.description(of: "narrator").description.command.shownSubcommands.first {
            $0.commandName == "serve"
        }
        // The discussion's first words, as a reader sees them (the page wraps lines where it likes).
        let words = try #require(serve?.discussion).split(separator: " ").prefix(8).joined(separator: " ")
        #expect(text.replacingOccurrences(of: "\n       ", with: " ").contains(words), "\(text)")
        #expect(text.contains("/opt/narrator/share/narrator/Localization/"))
        #expect(text.contains("$XDG_RUNTIME_DIR/narrator/narrator.sock"))
        #expect(text.contains("narrator send [--socket socket] [--wait] [--timeout seconds] [words ...]"))
    }

    @Test("a page is the same each time it is written (no default that changes from run to run)", arguments: tools)
    func pageIsStable(tool: String) throws {
        #expect(try Self.description(of: tool).json == (try Self.description(of: tool).json))
    }

    @Test("text that roff would read as requests or escapes is printed as written")
    func escapesRoff() {
        #expect(Roff.escape(".hidden") == "\\&.hidden")
        #expect(Roff.escape("'quoted") == "\\&'quoted")
        #expect(Roff.escape("a\\fBb --x") == "a\\efBb \\-\\-x")
        #expect(Roff.prose("run `narrator send --help` now") == "run \\fBnarrator send \\-\\-help\\fR now")
        #expect(Roff.prose("one ` alone") == "one ` alone")
        #expect(Roff.quoted("say \"hi\"") == "\"say ''hi''\"")
        #expect(Roff.escape("/a/b") == "/\\:a/\\:b" && Roff.escape("/a/b", breakable: false) == "/a/b")
    }

    @Test("indented lines of a discussion are kept as laid out; other lines are paragraphs")
    func discussionBlocks() {
        let lines = ManualPage.text("Intro line.\n  a   b\n    c\nAfter.")
        #expect(lines == [".PP", "Intro line.", ".PP", ".RS 4", ".nf", "a   b", "  c", ".fi", ".RE", ".PP", "After."])
        #expect(ManualPage.text("First.\nSecond.", in: .item) == ["First.", ".IP", "Second."])
    }

    @Test("a hidden option is left out; values, default and repetition are said as --help says them")
    func optionsAsHelpSaysThem() throws {
        let json = #"""
            {"serializationVersion":0,"command":{"commandName":"tool","abstract":"Do it.","arguments":[
              {"kind":"option","names":[{"kind":"long","name":"mode"}],"valueName":"mode","defaultValue":"a",
               "allValues":["a","b"],"isOptional":true,"isRepeating":true,"abstract":"The mode."},
              {"kind":"flag","names":[{"kind":"long","name":"secret"}],"isOptional":true,"isRepeating":false,
               "shouldDisplay":false,"abstract":"Hidden."},
              {"kind":"positional","valueName":"file","isOptional":false,"isRepeating":false,"abstract":"A file."}
            ]}}
            """#
        let description = try ToolDescription.decode(Array(json.utf8))
        let page = ManualPage(tool: description.command, source: "Test 1", extras: ManualExtras()).render()
        #expect(
            page.contains(
                "\\fB\\-\\-mode\\fR \\fImode\\fR\nThe mode. (values: a, b; default: a) May be given more than once."))
        #expect(page.contains("\\fBtool\\fR [\\fB\\-\\-mode\\fR \\fImode\\fR ...] \\fIfile\\fR"))
        #expect(!page.contains("secret") && !page.contains("Hidden"))
        #expect(page.contains(".SH NAME\ntool \\- Do it\n"))
    }
}
