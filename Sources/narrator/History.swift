import ArgumentParser
import NarratorClient

/// `narrator history`: the last announcements and how each ended.
struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the last announcements and their outcomes, oldest first.",
        discussion: """
            One line each: "finished 8 RetroRacing (heard after 6.2 ms): Crash! 2 lives left" (the last \
            outcome so far, the id, the client, the latencies measured, the text). The daemon keeps the last 100, of every client. With --json, the \
            daemon's reply to {"type":"history"} as it is.
            """)

    @OptionGroup var socket: SocketOption

    @Option(help: "How many, the newest (default: all that are kept, up to 100).")
    var limit: Int?

    @Option(help: "Only those of the client of this name (as it said in hello: RetroRacing).")
    var client: String?

    @Flag(help: "Print the daemon's JSON reply instead, for programs.")
    var json = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
    }

    func run() throws {
        // A client's own history is asked for under its name.
        let request = Request.history(limit: limit, allClients: client == nil)
        guard let answer = try DaemonQuery.ask([request], socket: socket.path, as: client ?? "narrator history").first
        else { throw ExitCode(1) }
        guard !json, case .history(let entries) = answer.reply else {
            print(answer.line)
            return
        }
        if entries.isEmpty { print(client.map { "No announcements of \($0) are kept." } ?? "No announcements yet.") }
        for entry in entries { print(ReadableLines.history(entry)) }
    }
}
