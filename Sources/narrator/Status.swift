import ArgumentParser
import NarratorClient

/// `narrator status`: what the daemon is saying, what waits, whose speech is paused, who is connected.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what the daemon is speaking, its queue, pauses, sound and counters.",
        discussion: """
            Prints one fact per line ("Speaking: ...", "Queued: 2", "Paused: no", "Sound: pulse, working", \
            then the counters since it started: "Finished so far: 12"). With --json, the daemon's reply to {"type":"status"} as it is, one JSON \
            line; docs/PROTOCOL.md explains it.
            """)

    @OptionGroup var socket: SocketOption

    @Flag(help: "Print the daemon's JSON reply instead, for programs.")
    var json = false

    func run() throws {
        guard let answer = try DaemonQuery.ask([.status], socket: socket.path, as: "narrator status").first else {
            throw ExitCode(1)
        }
        guard !json, case .status(let status) = answer.reply else {
            print(answer.line)
            return
        }
        for line in ReadableLines.status(status) { print(line) }
    }
}
