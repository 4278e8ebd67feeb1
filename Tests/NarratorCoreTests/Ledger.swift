import NarratorWire

@testable import NarratorCore

/// What the simulation knows about every announcement, and every broken ``Invariant`` it saw.
struct Ledger {
    struct Record {
        let priority: Priority
        let client: ClientID
        /// Position in the arrival order used by ``Invariant/arrivalOrder``; `nil` once exempt.
        var order: Int?
        /// Whether it replaced a waiting one of its priority and took that one's turn (only the first counts).
        var tookTurn = false
        var outcomes: [Outcome] = []
        var hasStarted = false
        /// The last sentence start the engine reported for it, 0 before any.
        var lastReached = 0
    }

    private(set) var records: [AnnouncementID: Record] = [:]
    private(set) var violations: [Invariant: [String]] = [:]
    private var arrivals = 0
    /// The order of the last fresh start, per client and priority.
    private var lastFreshStart: [String: Int] = [:]

    mutating func record(_ invariant: Invariant, _ message: String) {
        violations[invariant, default: []].append(message)
    }

    /// Notes what the input tells about the world before the scheduler sees it.
    mutating func willHandle(_ input: TestScheduler.Input, engineActive: AnnouncementID?) {
        switch input {
        case .submit(let announcement):
            arrivals += 1
            records[announcement.id] = Record(
                priority: announcement.priority, client: announcement.client, order: arrivals)
        case .speechReachedSentence(let id, let position) where id == engineActive:
            records[id]?.lastReached = position
        default:
            break
        }
    }

    /// Checks one action the scheduler emitted in response to `input`.
    mutating func observe(_ action: TestScheduler.Action, input: TestScheduler.Input, engineActive: AnnouncementID?) {
        switch action {
        case .speak(let id, _, let from):
            guard var record = records[id] else { return record(.atMostOneSpeaking, "speak of unknown \(id)") }
            if from != record.lastReached {
                self.record(.resumeAtReachedSentence, "\(id) speaks from \(from), last reached \(record.lastReached)")
            }
            if !record.hasStarted, let order = record.order {
                let group = "\(record.client)/\(record.priority)"
                if let last = lastFreshStart[group], order < last {
                    self.record(.arrivalOrder, "\(id) (order \(order)) starts after order \(last) in \(group)")
                }
                lastFreshStart[group] = order
            }
            record.hasStarted = true
            records[id] = record
        case .stop(let id):
            switch input {
            case .cancel, .pause: break
            default:
                if records[id]?.priority == .high { record(.highNeverCut, "stop of high \(id) on \(input)") }
            }
        case .report(let report):
            observe(report.outcome, of: report.id, engineActive: engineActive)
        }
    }

    private mutating func observe(_ outcome: Outcome, of id: AnnouncementID, engineActive: AnnouncementID?) {
        guard var record = records[id] else { return self.record(.oneTerminalOutcome, "report of unknown \(id)") }
        if record.outcomes.isEmpty && outcome != .queued {
            self.record(.oneTerminalOutcome, "\(id) first reported \(outcome)")
        }
        if record.outcomes.last?.isTerminal == true {
            self.record(.oneTerminalOutcome, "\(id) reported \(outcome) after \(record.outcomes)")
        }
        record.outcomes.append(outcome)
        records[id] = record
        switch outcome {
        case .interrupted, .dropped:
            if record.priority == .high { self.record(.highNeverCut, "high \(id) \(outcome)") }
        case .superseded(let newer):
            if record.priority == .high && (id == engineActive || records[newer]?.priority != .high) {
                self.record(.highNeverCut, "high \(id) superseded by \(newer) while speaking or by a non-high")
            }
            // The newer one takes the turn of the first one it replaced in its own line: the scheduler puts
            // it in that one's place and reports the replaced ones in line order (a suspended one's place is
            // the front, exempt from the order). A later one replaced with it gives no turn (P31).
            if id != engineActive, records[newer]?.priority == record.priority, records[newer]?.tookTurn == false {
                records[newer]?.order = record.hasStarted ? nil : record.order
                records[newer]?.tookTurn = true
            }
        default:
            break
        }
    }

    /// Checks the scheduler's state after an input.
    mutating func checkState(of scheduler: TestScheduler) {
        let lanes = scheduler.core.queue.lanes
        if scheduler.queuedCount > scheduler.queueBound && !(lanes[1].isEmpty && lanes[2].isEmpty) {
            record(.boundHolds, "\(scheduler.queuedCount) waiting over bound \(scheduler.queueBound)")
        }
        if lanes.joined().count != scheduler.queuedCount {
            record(.boundHolds, "count \(scheduler.queuedCount) differs from \(lanes.joined().count) waiting")
        }
        let core = scheduler.core
        if core.phase == .idle, core.queue.first(where: { core.mayStart($0.client) }) != nil {
            record(.neverStalls, "idle while \(scheduler.queuedCount) wait and may speak")
        }
    }

    /// After draining: every announcement ended exactly once.
    mutating func checkAllEnded() {
        for (id, record) in records.sorted(by: { $0.key < $1.key }) {
            let terminal = record.outcomes.filter(\.isTerminal).count
            if terminal != 1 || record.outcomes.last?.isTerminal != true {
                self.record(.oneTerminalOutcome, "\(id) ended with \(record.outcomes)")
            }
        }
    }
}
