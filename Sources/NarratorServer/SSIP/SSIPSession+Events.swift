import NarratorWire

extension SSIPSession {
    /// A notification the conductor sent this client (an outcome, or an SSML mark reached), as the
    /// SSIP event its message asked for, if any. A cancelled message of an open block cuts the block.
    mutating func event(for notification: Notification) -> SSIPReply? {
        if case .mark(let mark) = notification {
            guard messages[mark.id]?.events.contains(.indexMarks) == true else { return nil }
            let kind = SSIPEventKind.indexMarks
            return SSIPReply(kind.code, kind.message, lines: [mark.id, String(client.rawValue), mark.name])
        }
        guard case .outcome(let report) = notification, let message = messages[report.id] else { return nil }
        let kind: SSIPEventKind?
        switch report.outcome {
        case .queued: kind = nil
        case .started: kind = .begin
        case .resumed: kind = .resume
        case .suspended: kind = .pause
        case .finished: kind = .end
        case .interrupted, .superseded, .expired, .dropped, .cancelled, .failed: kind = .cancel
        }
        if report.outcome == .cancelled, let open = block, open.scope == message.scope, open.cut == nil {
            block?.cut = report.id
        }
        guard let kind, message.events.contains(kind) else { return nil }
        return SSIPReply(kind.code, kind.message, lines: [report.id, String(client.rawValue)])
    }
}
