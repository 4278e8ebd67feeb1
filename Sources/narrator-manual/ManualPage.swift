/// A manual page in man(7) for one tool, from its ArgumentParser description: name, synopsis, the
/// discussion texts, every option with its values and default, each subcommand, then the sections the
/// parser does not know (files, environment, exit status, see also).
struct ManualPage {
    let tool: ToolDescription.Command
    /// The `.TH` source field: `Narrator 0.5.0`.
    let source: String
    let extras: ManualExtras

    /// The whole page.
    func render() -> String {
        var lines: [String] = []
        lines.append(
            ".TH \(Roff.quoted(tool.commandName.uppercased())) 1 \"\" \(Roff.quoted(source)) \"User Commands\"")
        // No hyphenation and a ragged right edge: paths and options stay whole, as typed.
        lines += [".nh", ".ad l"]
        lines.append(".SH NAME")
        lines.append(Roff.escape(tool.commandName) + " \\- " + Roff.escape(Self.sentence(tool.abstract ?? "")))
        lines.append(".SH SYNOPSIS")
        let subcommands = Self.commands(under: tool)
        // A command with subcommands of its own (`narrator config`) is used through them.
        let used = subcommands.filter { Self.commands(under: $0).isEmpty }
        for command in used.isEmpty ? [tool] : used {
            if command != used.first { lines.append(".br") }
            lines.append(Self.synopsis(of: command))
        }
        lines.append(".SH DESCRIPTION")
        lines += Self.text(tool.discussion ?? tool.abstract ?? "")
        lines += Self.options(tool.shownArguments, heading: ".SH OPTIONS")
        if !subcommands.isEmpty {
            lines.append(".SH COMMANDS")
            for command in subcommands {
                lines.append(".SS \(Roff.quoted(command.fullName))")
                lines += Self.text(command.abstract ?? "")
                if let discussion = command.discussion { lines += Self.text(discussion) }
                lines += Self.options(command.shownArguments.filter { !$0.isStandardFlag }, heading: nil)
            }
        }
        lines += extras.render()
        return lines.joined(separator: "\n") + "\n"
    }

    /// The subcommands of `command`, each followed by its own (`narrator config`, then `narrator config
    /// set`), in the order the parser lists them. ArgumentParser gives every command a `help`
    /// subcommand; it is listed beside real subcommands only.
    static func commands(under command: ToolDescription.Command) -> [ToolDescription.Command] {
        let shown = command.shownSubcommands
        guard shown.contains(where: { $0.commandName != "help" }) else { return [] }
        return shown.flatMap { [$0] + commands(under: $0) }
    }

    /// `narrator serve [--socket socket] ...`: the command's name in bold, then each argument as
    /// `--help` shows it in its usage line.
    static func synopsis(of command: ToolDescription.Command) -> String {
        var words = [Roff.bold(command.fullName)]
        for argument in command.shownArguments where !argument.isStandardFlag {
            var word: String
            switch argument.kind {
            case .positional:
                word = Roff.italic(argument.valueName ?? "argument")
            case .option:
                word = Roff.bold(argument.typedNames.last ?? "") + " " + Roff.italic(argument.valueName ?? "value")
            case .flag:
                word = Roff.bold(argument.typedNames.last ?? "")
            }
            if argument.isRepeating { word += " ..." }
            words.append(argument.isOptional ? "[" + word + "]" : word)
        }
        return words.joined(separator: " ")
    }

    /// A list of arguments, each with its names, value, help and (as `--help` says them) its values
    /// and default.
    static func options(_ arguments: [ToolDescription.Argument], heading: String?) -> [String] {
        guard !arguments.isEmpty else { return [] }
        var lines = heading.map { [$0] } ?? []
        for argument in arguments {
            lines.append(".TP")
            let value = argument.valueName.map { Roff.italic($0) } ?? ""
            switch argument.kind {
            case .positional:
                lines.append(value + (argument.isRepeating ? " ..." : ""))
            case .option:
                lines.append(argument.typedNames.map { Roff.bold($0) + " " + value }.joined(separator: ", "))
            case .flag:
                lines.append(argument.typedNames.map { Roff.bold($0) }.joined(separator: ", "))
            }
            var help = argument.abstract ?? ""
            var notes: [String] = []
            if let values = argument.allValues { notes.append("values: " + values.joined(separator: ", ")) }
            if let value = argument.defaultValue { notes.append("default: " + value) }
            if !notes.isEmpty { help += (help.isEmpty ? "" : " ") + "(" + notes.joined(separator: "; ") + ")" }
            if argument.isRepeating && argument.kind != .positional { help += " May be given more than once." }
            lines += text(help + (argument.discussion.map { "\n" + $0 } ?? ""), in: .item)
        }
        return lines
    }

    /// Where help text goes: at the left margin of a section, or in the indented body of a list item.
    enum Place { case section, item }

    /// Help text as paragraphs: each line that does not start with a space is a paragraph, and a run of
    /// indented lines (examples, lists laid out by hand) is kept as it is laid out. In an item the
    /// first paragraph follows the item's tag, and the others keep its indent.
    static func text(_ text: String, in place: Place = .section) -> [String] {
        var lines: [String] = []
        var literal: [Substring] = []
        func startBlock() {
            switch place {
            case .section: lines.append(".PP")
            case .item where !lines.isEmpty: lines.append(".IP")
            case .item: break
            }
        }
        func flushLiteral() {
            guard !literal.isEmpty else { return }
            let indent = literal.map { $0.prefix(while: \.isWhitespace).count }.min() ?? 0
            let body = literal.map { Roff.escape($0.dropFirst(indent), breakable: false) }
            startBlock()
            lines += place == .section ? [".RS 4", ".nf"] + body + [".fi", ".RE"] : [".nf"] + body + [".fi"]
            literal = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                flushLiteral()
            } else if line.first?.isWhitespace == true {
                literal.append(line)
            } else {
                flushLiteral()
                startBlock()
                lines.append(Roff.prose(line.trimmingTrailingWhitespace()))
            }
        }
        flushLiteral()
        return lines
    }

    /// An abstract as the NAME line's description: without its closing full stop.
    static func sentence(_ abstract: String) -> String {
        abstract.hasSuffix(".") ? String(abstract.dropLast()) : abstract
    }
}

extension Substring {
    func trimmingTrailingWhitespace() -> Substring {
        var trimmed = self
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        return trimmed
    }
}
