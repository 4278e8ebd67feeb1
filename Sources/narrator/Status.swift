import ArgumentParser
import NarratorClient

/// `narrator status`: what the daemon is saying, what waits, who is connected.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what the daemon is speaking, its queue and counters.",
        discussion: #"Prints the daemon's reply to {"type":"status"}, one JSON line; docs/PROTOCOL.md explains it."#)

    @OptionGroup var socket: SocketOption

    func run() throws {
        let client = try LineClient(path: socket.path)
        try client.send(Request.status.line)
        guard let reply = try client.readLine() else { throw ExitCode(1) }
        print(reply)
    }
}
