import NarratorCore

/// Outcome notifications: one line per outcome, to subscribed clients.
enum Notification {
    static func name(of outcome: Outcome) -> String {
        switch outcome {
        case .queued: "queued"
        case .started: "started"
        case .suspended: "suspended"
        case .resumed: "resumed"
        case .finished: "finished"
        case .interrupted: "interrupted"
        case .superseded: "superseded"
        case .expired: "expired"
        case .dropped: "dropped"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }

    /// `{"event":"finished","id":"7","client":"RetroRapid","text":"...","t_ms":1234.567}`, with
    /// `by` (the announcement that cut or replaced it) and `position` where they apply.
    static func line(
        _ report: Scheduler<ContinuousClock.Instant>.Report, name: String, text: String, client: String,
        milliseconds: Double
    ) -> String {
        var line = JSONLine()
        line.add("event", name)
        line.add("id", String(report.id.rawValue))
        line.add("client", client)
        line.add("text", text)
        line.add("t_ms", milliseconds: milliseconds)
        switch report.outcome {
        case .interrupted(let by?): line.add("by", String(by.rawValue))
        case .superseded(let by): line.add("by", String(by.rawValue))
        case .suspended(let position), .resumed(let position): line.add("position", position)
        case .failed(let reason): line.add("reason", reason)
        default: break
        }
        return line.text
    }
}
