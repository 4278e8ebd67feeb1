import NarratorSystem
import NarratorTestSupport

/// A fresh SSIP connection as `spd-say` makes one: connect, name itself, set its language and
/// priority, then `SPEAK` (or `CANCEL ALL`, as `spd-say -C`). Blocking, with a 30 s read limit, over
/// the tests' bare connection (`SSIPLineClient`).
final class SSIPBenchClient {
    private let connection: SSIPLineClient

    init(path: String) throws {
        do {
            connection = try SSIPLineClient(path: path, readLimit: .seconds(30))
        } catch {
            throw DaemonBench.BenchFailure("cannot connect to \(path): \(error.reason)")
        }
        for command in ["SET SELF CLIENT_NAME bench:spd-say:main", "SET SELF LANGUAGE en", "SET SELF PRIORITY message"]
        {
            try self.command(command)
        }
    }

    /// Sends one command; its reply's lines, or a failure for an error reply. Events that come
    /// first are kept for `waitForEnd`.
    @discardableResult
    func command(_ line: String) throws -> [String] {
        try send(line + "\r\n")
        while true {
            let reply = try message()
            if reply.last?.first == "7" {
                events.append(reply)
                continue
            }
            guard let last = reply.last, last.first == "1" || last.first == "2" else {
                throw DaemonBench.BenchFailure("\(line): \(reply.joined(separator: " / "))")
            }
            return reply
        }
    }

    /// Events read while waiting for a reply.
    private var events: [[String]] = []

    /// `SPEAK` of `text` with events END and CANCEL on; the message id.
    func speak(_ text: String) throws -> String {
        try command("SET SELF NOTIFICATION END on")
        try command("SET SELF NOTIFICATION CANCEL on")
        try command("SPEAK")
        let queued = try command(text + "\r\n.")
        guard let line = queued.first, line.hasPrefix("225-") else { throw DaemonBench.BenchFailure("no message id") }
        return String(line.dropFirst(4))
    }

    /// Waits for the END or CANCEL event of message `id`.
    func waitForEnd(of id: String) throws {
        while true {
            let event = events.isEmpty ? try message() : events.removeFirst()
            let ended = event.last == "702 END" || event.last == "703 CANCELED"
            if ended && event.first?.hasSuffix("-" + id) == true { return }
        }
    }

    private func send(_ text: String) throws {
        guard connection.send(text) else { throw DaemonBench.BenchFailure("the SSIP server closed the connection") }
    }

    /// The next reply or event, whole.
    private func message() throws -> [String] {
        guard let message = connection.reply() else { throw DaemonBench.BenchFailure("the SSIP server sent nothing") }
        return message
    }
}
