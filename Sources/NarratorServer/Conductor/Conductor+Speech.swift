import Logging
import NarratorCore
import NarratorVoice
import NarratorWire

extension Conductor {
    /// Hands one input to the scheduler and turns what it decides into actions: speech to start or
    /// stop, and each outcome into the ledger and to the clients that listen.
    mutating func feed(_ input: SchedulerInput) {
        for action in scheduler.handle(input, at: now) {
            switch action {
            case .speak(let id, let text, let position):
                // The scheduler speaks only what was submitted, and the ledger keeps it until it ends.
                guard let record = ledger.records[id] else { continue }
                actions.append(
                    .speak(
                        SpeechRequest(
                            id: id, text: text, voice: record.voice, startPosition: position, ssml: record.ssml,
                            pan: record.pan)))
            case .stop(let id):
                actions.append(.stop(id))
            case .report(let report):
                record(report)
            }
        }
    }

    /// A speech system's event, as the scheduler's input.
    mutating func hear(_ event: SpeakerEvent) {
        switch event {
        case .started(let id): feed(.speechStarted(id))
        case .sentence(let id, let position): feed(.speechReachedSentence(id, position: position))
        case .finished(let id): feed(.speechFinished(id))
        case .stopped(let id, _): feed(.speechStopped(id))
        case .failed(let id, let reason):
            actions.append(.log(.error, "Announcement \(id) could not be spoken: \(reason)"))
            feed(.speechFailed(id, reason: reason))
        }
    }

    /// One outcome: into the ledger (once ended, never again), the counters, and a notification to
    /// the clients that listen to its owner.
    private mutating func record(_ report: Scheduler<ContinuousClock.Instant>.Report) {
        let at = milliseconds(report.at)
        guard let record = ledger.record(report.outcome, of: report.id, at: at) else { return }
        counters.outcomes[report.outcome.name, default: 0] += 1
        // Most outcomes have no listener (a game streaming scores): the line is built only when sent.
        let listeners = sessions.values.filter { $0.wants(notificationsOf: record.client) }.map(\.id)
        if !listeners.isEmpty {
            let outcome = Notification.OutcomeReport(
                report, text: record.text, client: name(of: record.client), milliseconds: at)
            actions.append(.notify(listeners.sorted { $0.rawValue < $1.rawValue }, Notification.outcome(outcome).line))
        }
        if report.outcome.isTerminal && ledger.openCount == 0 { actions.append(.quiet) }
    }
}
