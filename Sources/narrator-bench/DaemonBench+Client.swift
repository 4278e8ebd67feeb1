import NarratorClient

extension DaemonBench {
    /// One connection to the daemon, used from one thread: timed requests, and waits for the
    /// outcome notifications that tell when an announcement has ended.
    final class Client {
        private let connection: LineClient
        /// Notifications read while waiting for a reply, kept for a later `waitFor`.
        private var backlog: [ReplyLine] = []

        /// Connects; with `subscribe`, asks for the outcomes of this connection's announcements.
        init(socket: String, subscribe: Bool) throws {
            connection = try LineClient(path: socket)
            if subscribe { _ = try request(#"{"type":"subscribe"}"#) }
        }

        /// Writes `line` and reads its reply. `written` is taken just before the write, `answered`
        /// just after the reply line was read; notifications read meanwhile are kept for later.
        func request(_ line: String) throws -> (
            reply: ReplyLine, written: ContinuousClock.Instant, answered: ContinuousClock.Instant
        ) {
            let bytes = Array((line + "\n").utf8)
            let written = ContinuousClock.now
            try connection.sendRaw(bytes)
            while true {
                let text = try nextLine()
                let answered = ContinuousClock.now
                let message = ReplyLine(text)
                if message.event != nil {
                    backlog.append(message)
                    continue
                }
                guard message.ok == true else { throw BenchFailure("the daemon refused \(line): \(text)") }
                return (message, written, answered)
            }
        }

        /// Reads until the notification ending announcement `id`, and returns its name.
        @discardableResult
        func waitForEnd(of id: String) throws -> String {
            if let index = backlog.firstIndex(where: { $0.id == id && $0.isEnding }) {
                let message = backlog.remove(at: index)
                backlog.removeAll { $0.id == id }
                return message.event!
            }
            backlog.removeAll { $0.id == id }
            while true {
                let message = ReplyLine(try nextLine())
                if message.id == id, message.isEnding, let event = message.event { return event }
                if message.id != id, message.event != nil { backlog.append(message) }
            }
        }

        private func nextLine() throws -> String {
            guard let line = try connection.readLine() else { throw BenchFailure("the daemon closed the connection") }
            return line
        }
    }
}

extension ReplyLine {
    /// The announcement id of a reply that queued speech.
    func announcement() throws -> UInt64 {
        guard let id, let number = UInt64(id) else {
            throw DaemonBench.BenchFailure("a reply without an announcement id: \(line)")
        }
        return number
    }
}

extension Duration {
    /// In milliseconds, for `Distribution`.
    var milliseconds: Double { Double(self / .nanoseconds(1)) / 1_000_000 }
}
