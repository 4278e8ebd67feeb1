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
            false or null are sent as such, others as strings, except in the fields the protocol defines as \
            text (text, key, locale, priority, ...: `--text 2` sends "2"); a field given twice becomes an \
            array, and "arguments" is always one. Options of send itself come before the event name. \
            See docs/PROTOCOL.md.
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
            try client.send(Request.subscribe(allClients: false).line)
            _ = try client.readLine()
        }
        var failed = false
        var waitingFor: Set<String> = []
        var ended: Set<String> = []
        /// Prints a notification and notes when an announcement has ended.
        func note(_ line: String, _ outcome: Notification.OutcomeReport?) {
            print(line)
            if let outcome, outcome.outcome.isEnding {
                ended.insert(outcome.id)
                waitingFor.remove(outcome.id)
            }
        }
        for line in lines {
            try client.send(line)
            // With --wait, notifications of earlier lines may come before this line's reply.
            while true {
                guard let next = try client.readLine() else { throw ExitCode(1) }
                let parsed = try? DaemonLine.parse(next)
                if case .notification? = parsed {
                    note(next, parsed?.outcome)
                    continue
                }
                // A reply; one that cannot be read counts as a failure.
                print(next)
                failed = failed || parsed?.reply?.isOK != true
                if let id = parsed?.reply?.announcementID, !ended.contains(id) { waitingFor.insert(id) }
                break
            }
        }
        if wait {
            while !waitingFor.isEmpty, let next = try client.readLine() {
                note(next, (try? DaemonLine.parse(next))?.outcome)
            }
        }
        client.finishSending()
        if failed { throw ExitCode(1) }
    }

    /// `collision --lives 2` as `{"type":"collision","lives":2}` (NarratorWire's `CommandLineRequest`).
    static func request(from words: [String]) throws -> String {
        do {
            return try CommandLineRequest.line(from: words)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
