import Foundation
import NarratorClient

/// Every outcome of every client, as `narrator monitor` sees them, read by a thread of its own so a
/// flood of them is never dropped for want of a reader. Read by the test once the program is done.
final class OutcomeWatcher: @unchecked Sendable {
    private let client: LineClient
    private let condition = NSCondition()
    private var outcomes: [[String: Any]] = []

    init(_ daemon: DaemonProcess) throws {
        client = try daemon.client()
        try client.send(#"{"type":"subscribe","all_clients":true}"#)
        _ = try client.readLine()
        Thread { [self] in
            while let line = try? client.readLine() {
                let values = fields(line)
                guard values["event"] != nil else { continue }
                condition.lock()
                outcomes.append(values)
                condition.broadcast()
                condition.unlock()
            }
        }.start()
    }

    /// The outcomes of `client`'s announcements so far, in order.
    func outcomes(of client: String) -> [[String: Any]] {
        condition.lock()
        defer { condition.unlock() }
        return outcomes.filter { $0["client"] as? String == client }
    }

    /// Waits up to `limit` for `event` of an announcement whose text holds `text`; returns it.
    func wait(for event: String, text: String, limit: TimeInterval = 10) -> [String: Any]? {
        let deadline = Date(timeIntervalSinceNow: limit)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = outcomes.first(where: {
                $0["event"] as? String == event && ($0["text"] as? String)?.contains(text) == true
            }) {
                return found
            }
            if !condition.wait(until: deadline) { return nil }
        }
    }
}
