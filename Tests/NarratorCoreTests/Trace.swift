import NarratorCore
import NarratorWire

/// Renders actions compactly so a table row can state the exact expected behaviour:
/// `speak 2@40`, `stop 1`, `1 queued`, `1 suspended@40`, `1 interrupted by 2`, ...
enum Trace {
    static func render(_ actions: [TestScheduler.Action]) -> String {
        actions.map(render).joined(separator: ", ")
    }

    static func render(_ action: TestScheduler.Action) -> String {
        switch action {
        case .speak(let id, _, let from): "speak \(id.rawValue)@\(from)"
        case .stop(let id): "stop \(id.rawValue)"
        case .report(let report): "\(report.id.rawValue) \(render(report.outcome))"
        }
    }

    static func render(_ outcome: Outcome) -> String {
        switch outcome {
        case .queued: "queued"
        case .started: "started"
        case .suspended(let position): "suspended@\(position)"
        case .resumed(let position): "resumed@\(position)"
        case .finished: "finished"
        case .interrupted(let by): by.map { "interrupted by \($0.rawValue)" } ?? "interrupted"
        case .superseded(let by): "superseded by \(by.rawValue)"
        case .expired: "expired"
        case .dropped: "dropped"
        case .cancelled: "cancelled"
        case .failed(let reason): "failed (\(reason))"
        }
    }
}
