import NarratorCore
import NarratorWire

extension Notification.OutcomeReport {
    /// The wire's report of a scheduler's outcome: the same `Outcome`, with the announcement's words.
    init(
        _ report: Scheduler<ContinuousClock.Instant>.Report, text: String, client: String, milliseconds: Double
    ) {
        self.init(
            outcome: report.outcome, id: String(report.id.rawValue), client: client, text: text,
            milliseconds: milliseconds)
    }
}
