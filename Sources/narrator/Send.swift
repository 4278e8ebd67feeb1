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
              narrator send --wait --timeout 10 say --text "Hello"
            Prints one reply line per request and exits with status 1 if any reply is an error or the \
            narrator goes away. With --wait it also prints the outcomes of the announcements sent until \
            each has ended; when --timeout passes first, it says on standard error which had not ended \
            and exits with status 2. A "-" in \
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

    @Option(
        help: ArgumentHelp(
            "The longest to wait, in seconds, for the replies and, with --wait, for the announcements to end.",
            valueName: "seconds"))
    var timeout: Double = 30

    @Argument(parsing: .captureForPassthrough, help: "An event or request type, then --FIELD VALUE pairs.")
    var words: [String] = []

    func validate() throws {
        guard timeout > 0, timeout.isFinite else {
            throw ValidationError("--timeout must be a number of seconds above 0.")
        }
    }

    /// An announcement sent and not yet ended, for the message when the wait gives up.
    private struct Pending {
        let id: String
        let text: String
        var outcome: Outcome?
    }

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
        let deadline = ContinuousClock.now + .milliseconds(Int64((timeout * 1000).rounded(.up)))
        var pending: [Pending] = []
        var ended: Set<String> = []
        /// The next line, or exit when the daemon closes or the deadline passes.
        func next(_ waitingFor: String) throws -> String {
            switch try client.readLine(until: deadline) {
            case .line(let line): return line
            case .closed:
                StandardStreams.printError("narrator send: the narrator closed the connection while \(waitingFor)")
                throw ExitCode(1)
            case .timedOut:
                giveUp(waitingFor, pending)
                throw ExitCode(2)
            }
        }
        if wait {
            try client.send(Request.subscribe(allClients: false).line)
            _ = try next("waiting for the reply to subscribe")
        }
        var failed = false
        /// Prints a notification and notes when an announcement has ended.
        func note(_ line: String, _ outcome: Notification.OutcomeReport?) {
            print(line)
            guard let outcome else { return }
            if outcome.outcome.isTerminal {
                ended.insert(outcome.id)
                pending.removeAll { $0.id == outcome.id }
            } else if let index = pending.firstIndex(where: { $0.id == outcome.id }) {
                pending[index].outcome = outcome.outcome
            }
        }
        for line in lines {
            try client.send(line)
            // With --wait, notifications of earlier lines may come before this line's reply.
            while true {
                let next = try next("waiting for the reply to \(line)")
                let parsed = try? DaemonLine.parse(next)
                if case .notification? = parsed {
                    note(next, parsed?.outcome)
                    continue
                }
                // A reply; one that cannot be read counts as a failure.
                print(next)
                failed = failed || parsed?.reply?.isOK != true
                if case .announcement(let announcement)? = parsed?.reply, !ended.contains(announcement.id) {
                    pending.append(Pending(id: announcement.id, text: announcement.text))
                }
                break
            }
        }
        if wait {
            while !pending.isEmpty {
                let line = try next("waiting for the announcements to end")
                note(line, (try? DaemonLine.parse(line))?.outcome)
            }
        }
        client.finishSending()
        if failed { throw ExitCode(1) }
    }

    /// Says on standard error what had not come when the time ran out.
    private func giveUp(_ waitingFor: String, _ pending: [Pending]) {
        let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
        guard !pending.isEmpty else {
            StandardStreams.printError("narrator send: gave up after \(seconds) s \(waitingFor)")
            return
        }
        StandardStreams.printError(
            "narrator send: gave up after \(seconds) s waiting for \(pending.count == 1 ? "this announcement" : "these \(pending.count) announcements") to end:"
        )
        for announcement in pending {
            StandardStreams.printError(
                "  \(announcement.id) (\(announcement.outcome?.name ?? "no outcome yet")): \(announcement.text)")
        }
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
