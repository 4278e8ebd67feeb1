import NarratorCore
import NarratorWire

extension Notification.OutcomeReport {
    /// The wire's report of a scheduler's outcome.
    init(
        _ report: Scheduler<ContinuousClock.Instant>.Report, text: String, client: String, milliseconds: Double
    ) {
        self.init(
            outcome: OutcomeName(report.outcome), id: String(report.id.rawValue), client: client, text: text,
            milliseconds: milliseconds)
        switch report.outcome {
        case .interrupted(let by?): self.by = String(by.rawValue)
        case .superseded(let by): self.by = String(by.rawValue)
        case .suspended(let position), .resumed(let position): self.position = position
        case .failed(let reason): self.reason = reason
        default: break
        }
    }
}

extension OutcomeName {
    /// The wire's name of an outcome.
    init(_ outcome: Outcome) {
        switch outcome {
        case .queued: self = .queued
        case .started: self = .started
        case .suspended: self = .suspended
        case .resumed: self = .resumed
        case .finished: self = .finished
        case .interrupted: self = .interrupted
        case .superseded: self = .superseded
        case .expired: self = .expired
        case .dropped: self = .dropped
        case .cancelled: self = .cancelled
        case .failed: self = .failed
        }
    }
}
