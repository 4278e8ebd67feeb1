import NarratorWire

extension SSIPSession {
    /// A notification the conductor sent this client (an outcome, or an SSML mark reached), as the
    /// SSIP event its message asked for, if any. Every outcome of the client's own messages passes
    /// here, so the session knows which is heard (for `STOP`) and forgets each once it ends.
    mutating func event(for notification: Notification) -> SSIPReply? {
        if case .mark(let mark) = notification {
            guard messages[mark.id]?.events.contains(.indexMarks) == true else { return nil }
            let kind = SSIPEventKind.indexMarks
            return SSIPReply(kind.code, kind.message, lines: [mark.id, String(client.rawValue), mark.name])
        }
        guard case .outcome(let report) = notification, var message = messages[report.id] else { return nil }
        let kind: SSIPEventKind?
        switch report.outcome {
        case .queued: kind = nil
        case .started: kind = .begin
        case .resumed: kind = .resume
        case .suspended: kind = .pause
        case .finished: kind = .end
        case .interrupted, .superseded, .expired, .dropped, .cancelled, .failed: kind = .cancel
        }
        message.speaking = kind == .begin || kind == .resume
        if report.outcome == .cancelled, let open = block, open.scope == message.scope, open.cut == nil {
            block?.cut = report.id
        }
        if report.outcome.isTerminal {
            messages.removeValue(forKey: report.id)
        } else {
            messages[report.id] = message
        }
        guard let kind, message.events.contains(kind) else { return nil }
        return SSIPReply(kind.code, kind.message, lines: [report.id, String(client.rawValue)])
    }
}
