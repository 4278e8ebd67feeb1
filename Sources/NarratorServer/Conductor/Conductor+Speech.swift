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
                let spoken = milliseconds(now)
                ledger.update(id) { $0.spokenMilliseconds = spoken }
                actions.append(
                    .speak(
                        SpeechRequest(
                            id: id, text: text, voice: record.voice, startPosition: position, ssml: record.ssml,
                            pan: record.pan)))
            case .stop(let id):
                let asked = milliseconds(now)
                ledger.update(id) { record in
                    if record.stopMilliseconds == nil { record.stopMilliseconds = asked }
                }
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
        case .mark(let id, let name): reached(mark: name, of: id)
        case .finished(let id): feed(.speechFinished(id))
        case .stopped(let id, _): feed(.speechStopped(id))
        case .failed(let id, let reason):
            actions.append(.log(.error, "Announcement \(id) could not be spoken: \(reason)"))
            feed(.speechFailed(id, reason: reason))
        }
    }

    /// An SSML mark the listener reached, to the clients that listen to its owner (C20). Not the
    /// scheduler's: a mark changes no outcome. One of an announcement that has ended is late.
    private mutating func reached(mark: String, of id: AnnouncementID) {
        guard let record = ledger.records[id], !record.phase.hasEnded else { return }
        let listeners = sessions.values.filter { $0.wants(notificationsOf: record.client) }.map(\.id)
        guard !listeners.isEmpty else { return }
        let report = Notification.MarkReport(
            id: String(id.rawValue), client: name(of: record.client), name: mark, milliseconds: milliseconds(now))
        actions.append(.notify(listeners.sorted { $0.rawValue < $1.rawValue }, Notification.mark(report)))
    }

    /// One outcome: into the ledger (once ended, never again), the counters, and a notification to
    /// the clients that listen to its owner.
    private mutating func record(_ report: Scheduler<ContinuousClock.Instant>.Report) {
        let at = milliseconds(report.at)
        guard let record = ledger.record(report.outcome, of: report.id, at: at) else { return }
        counters.outcomes[report.outcome.name, default: 0] += 1
        soundAfter(report.outcome, of: report.id)
        // Most outcomes have no listener (a game streaming scores): the report is built only when sent.
        let listeners = sessions.values.filter { $0.wants(notificationsOf: record.client) }.map(\.id)
        if !listeners.isEmpty {
            var outcome = Notification.OutcomeReport(
                report, text: record.text, client: name(of: record.client), milliseconds: at)
            if report.outcome.isTerminal && !record.latency.isEmpty { outcome.latency = record.latency }
            actions.append(.notify(listeners.sorted { $0.rawValue < $1.rawValue }, Notification.outcome(outcome)))
        }
        if report.outcome.isTerminal && ledger.openCount == 0 { actions.append(.quiet) }
    }
}
