import ArgumentParser
import NarratorClient
import NarratorLocalization
import NarratorServer

/// `narrator send`: one request from flags, or JSON lines from standard input, to the daemon.
struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send events or requests to the daemon and print its replies.",
        discussion: """
            narrator send collision --lives 2          -> {"type":"collision","lives":2}
            narrator send say --text "Hello" --priority high
            narrator send say --key lives_remaining --arguments 2
            narrator send < events.jsonl               (JSON lines, sent as they are)
            Prints one reply line per request and exits with status 1 if any reply is an error. A "-" in \
            a field name becomes "_" (--new-record: "new_record"). Values that read as numbers, true, \
            false or null are sent as such, others as strings; a field given twice becomes an array, and \
            "arguments" is always one. Options of send itself come before the event name. `narrator send \
            --help` is sent to the daemon as a request: use `narrator help send` for this page. See \
            docs/PROTOCOL.md.
            """
    )

    @OptionGroup var socket: SocketOption

    @Flag(help: "Wait until every announcement sent has ended, printing its outcomes.")
    var wait = false

    @Argument(parsing: .captureForPassthrough, help: "An event or request type, then --FIELD VALUE pairs.")
    var words: [String] = []

    func run() throws {
        // The words are passed through uncaptured by ArgumentParser, so help is looked for here.
        if let first = words.first, first == "--help" || first == "-h" || first == "help" {
            throw CleanExit.helpRequest(self)
        }
        let lines: [String]
        if words.isEmpty {
            lines = StandardStreams.readInput().split(whereSeparator: \.isNewline).map(String.init)
                .filter { !$0.allSatisfy(\.isWhitespace) }
        } else {
            lines = [try Self.request(from: words)]
        }
        let client = try LineClient(path: socket.path)
        if wait {
            try client.send(#"{"type":"subscribe"}"#)
            _ = try client.readLine()
        }
        var failed = false
        var waitingFor: Set<String> = []
        var ended: Set<String> = []
        /// Prints a notification and notes when an announcement has ended.
        func note(_ fields: ReplyLine, _ line: String) {
            print(line)
            if let id = fields.id, fields.isEnding {
                ended.insert(id)
                waitingFor.remove(id)
            }
        }
        for line in lines {
            try client.send(line)
            // With --wait, notifications of earlier lines may come before this line's reply.
            while true {
                guard let next = try client.readLine() else { throw ExitCode(1) }
                let fields = ReplyLine(next)
                if fields.event != nil {
                    note(fields, next)
                    continue
                }
                print(next)
                failed = failed || fields.ok != true
                if let id = fields.id, !ended.contains(id) { waitingFor.insert(id) }
                break
            }
        }
        if wait {
            while !waitingFor.isEmpty, let next = try client.readLine() {
                note(ReplyLine(next), next)
            }
        }
        client.finishSending()
        if failed { throw ExitCode(1) }
    }

    /// `collision --lives 2` as `{"type":"collision","lives":2}`.
    static func request(from words: [String]) throws -> String {
        var line = JSONLine()
        line.add("type", words[0])
        var values: [(String, [String])] = []
        var index = 1
        while index < words.count {
            guard words[index].hasPrefix("--"), words[index].count > 2 else {
                throw ValidationError("Expected --FIELD VALUE after the event name, not \"\(words[index])\".")
            }
            let name = String(words[index].dropFirst(2).map { $0 == "-" ? "_" : $0 })
            guard index + 1 < words.count else { throw ValidationError("--\(name) needs a value.") }
            if let existing = values.firstIndex(where: { $0.0 == name }) {
                values[existing].1.append(words[index + 1])
            } else {
                values.append((name, [words[index + 1]]))
            }
            index += 2
        }
        for (name, given) in values {
            let asText = textFields.contains(name)
            if given.count == 1 && name != "arguments" {
                line.add(name, json: jsonValue(given[0], asText: asText))
            } else {
                line.add(name, json: "[" + given.map { jsonValue($0, asText: asText) }.joined(separator: ",") + "]")
            }
        }
        return line.text
    }

    /// Fields the protocol and the shipped map define as text: sent as strings even when they
    /// look like numbers (`--text 2`).
    static let textFields: Set<String> = [
        "text", "key", "locale", "scope", "supersedes", "priority", "client", "action", "topic", "difficulty", "reason",
    ]

    /// A value as JSON: true/false/null and JSON number literals as they are, anything else quoted.
    private static func jsonValue(_ text: String, asText: Bool) -> String {
        if asText { return JSONLine.quoted(text) }
        if text == "true" || text == "false" || text == "null" { return text }
        return isJSONNumber(text) ? text : JSONLine.quoted(text)
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: what JSON accepts (so not `+5`, `007`, `.5`, `0x10`).
    static func isJSONNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        let integer = rest.prefix { $0.isASCII && $0.isNumber }
        guard !integer.isEmpty, integer == "0" || integer.first != "0" else { return false }
        rest = rest.dropFirst(integer.count)
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix { $0.isASCII && $0.isNumber }
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }
}
