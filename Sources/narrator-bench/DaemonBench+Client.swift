import NarratorClient

extension DaemonBench {
    /// One connection to the daemon, used from one thread: timed requests, and waits for the
    /// outcome notifications that tell when an announcement has ended.
    final class Client {
        private let connection: LineClient
        /// Notifications read while waiting for a reply, kept for a later `waitFor`.
        private var backlog: [Notification.OutcomeReport] = []

        /// Connects; with `subscribe`, asks for the outcomes of this connection's announcements.
        init(socket: String, subscribe: Bool) throws {
            connection = try LineClient(path: socket)
            if subscribe { _ = try request(Request.subscribe(allClients: false).line) }
        }

        /// Writes `line` and reads its reply. `written` is taken just before the write, `answered`
        /// just after the reply line was read; notifications read meanwhile are kept for later.
        func request(_ line: String) throws -> (
            reply: Reply, written: ContinuousClock.Instant, answered: ContinuousClock.Instant
        ) {
            let bytes = Array((line + "\n").utf8)
            let written = ContinuousClock.now
            try connection.sendRaw(bytes)
            while true {
                let text = try nextLine()
                let answered = ContinuousClock.now
                switch try DaemonLine.parse(text) {
                case .notification(let notification):
                    if case .outcome(let report) = notification { backlog.append(report) }
                case .reply(let reply):
                    guard reply.isOK else { throw BenchFailure("the daemon refused \(line): \(text)") }
                    return (reply, written, answered)
                }
            }
        }

        /// Reads until the notification ending announcement `id`, and returns its name.
        @discardableResult
        func waitForEnd(of id: String) throws -> String {
            if let index = backlog.firstIndex(where: { $0.id == id && $0.outcome.isTerminal }) {
                let report = backlog.remove(at: index)
                backlog.removeAll { $0.id == id }
                return report.outcome.name
            }
            backlog.removeAll { $0.id == id }
            while true {
                guard let report = try DaemonLine.parse(try nextLine()).outcome else { continue }
                if report.id == id, report.outcome.isTerminal { return report.outcome.name }
                if report.id != id { backlog.append(report) }
            }
        }

        private func nextLine() throws -> String {
            guard let line = try connection.readLine() else { throw BenchFailure("the daemon closed the connection") }
            return line
        }
    }
}

extension Reply {
    /// The announcement id of a reply that queued speech.
    func announcement() throws -> UInt64 {
        guard let id = announcementID, let number = UInt64(id) else {
            throw DaemonBench.BenchFailure("a reply without an announcement id: \(line)")
        }
        return number
    }
}

extension Duration {
    /// In milliseconds, for `Distribution`.
    var milliseconds: Double { Double(self / .nanoseconds(1)) / 1_000_000 }
}
