import NarratorClient
import Testing

/// A client subscribed to its own outcomes, reading replies and notifications in order and
/// keeping every notification it saw, for assertions on the sequence.
final class Subscriber {
    let client: LineClient
    private(set) var seen: [(event: String, id: String, fields: [String: Any])] = []

    init(_ daemon: DaemonProcess) throws {
        client = try daemon.client()
        // A missing notification fails the test after this long instead of hanging it.
        client.setReadTimeout(.seconds(20))
        try client.send(#"{"type":"subscribe"}"#)
        _ = try client.readLine()
    }

    /// Sends a request and returns the id from its reply (notifications before the reply are kept).
    @discardableResult
    func send(_ line: String) throws -> String {
        try client.send(line)
        while let next = try client.readLine() {
            let values = fields(next)
            if values["event"] != nil {
                record(values)
                continue
            }
            #expect(values["ok"] as? Bool == true, "\(line) -> \(next)")
            return values["id"] as? String ?? ""
        }
        Issue.record("the daemon closed the connection")
        return ""
    }

    /// Reads until `event` for `id` arrives; returns its fields.
    @discardableResult
    func waitFor(_ event: String, _ id: String) throws -> [String: Any] {
        if let earlier = seen.first(where: { $0.event == event && $0.id == id }) { return earlier.fields }
        while let next = try client.readLine() {
            let values = fields(next)
            record(values)
            if values["event"] as? String == event && values["id"] as? String == id { return values }
        }
        Issue.record("no \(event) for \(id); saw \(seen)")
        return [:]
    }

    /// Reads until `id` has ended, heard or not; returns the ending's name and fields (nil when the
    /// read timed out or the connection closed first).
    func waitForEnd(_ id: String) throws -> (event: String, fields: [String: Any])? {
        let endings: Set = ["finished", "interrupted", "superseded", "expired", "dropped", "cancelled", "failed"]
        if let earlier = seen.first(where: { endings.contains($0.event) && $0.id == id }) {
            return (earlier.event, earlier.fields)
        }
        while let next = try? client.readLine() {
            let values = fields(next)
            record(values)
            if let event = values["event"] as? String, endings.contains(event), values["id"] as? String == id {
                return (event, values)
            }
        }
        return nil
    }

    /// The outcomes of `id`, in order.
    func outcomes(of id: String) -> [String] { seen.filter { $0.id == id }.map(\.event) }

    private func record(_ values: [String: Any]) {
        guard let event = values["event"] as? String, let id = values["id"] as? String else { return }
        seen.append((event, id, values))
    }
}
