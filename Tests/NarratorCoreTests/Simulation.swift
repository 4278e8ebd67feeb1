import NarratorWire

@testable import NarratorCore

/// Drives a scheduler with random inputs decoded from opcodes, answers its commands with a
/// ``ModelEngine``, and records every broken invariant (see ``Invariant``).
struct Simulation {
    var scheduler: TestScheduler
    var engine = ModelEngine()
    var now = TestInstant.zero
    var ledger = Ledger()
    private var nextID: UInt64 = 1

    init(queueBound: Int) { scheduler = TestScheduler(queueBound: queueBound) }

    /// Runs the opcodes, then lifts every pause and lets the engine and the clock run until all is said.
    mutating func run(_ codes: [UInt32]) {
        for code in codes { step(code) }
        feed(.resume(.all))
        var rounds = 0
        while engine.active != nil || scheduler.queuedCount > 0 {
            rounds += 1
            if rounds > 10_000 {
                ledger.record(.neverStalls, "did not drain: \(scheduler.queuedCount) waiting")
                break
            }
            if let reply = engine.reply(choice: 1) {
                feed(reply)
            } else {
                now = now.advanced(by: .seconds(1))
                feed(.tick)
            }
        }
        ledger.checkAllEnded()
    }

    /// One random input. The low byte picks the kind of input, the other bits its parameters.
    mutating func step(_ code: UInt32) {
        let bits = code >> 8
        switch code % 100 {
        case 0..<35: feed(.submit(announcement(bits)))
        case 35..<65: engine.reply(choice: bits).map { feed($0) }
        case 65..<75:
            now = now.advanced(by: .milliseconds(Int(bits % 200)))
            feed(.tick)
        case 75..<80:
            // By id: any submitted so far, and one never submitted; it may have ended.
            let id = AnnouncementID(rawValue: UInt64(bits >> 3) % (nextID + 1))
            let targets: [TestScheduler.CancelTarget] = [
                .all, .client(1), .client(2), .scope("help"), .speaking(nil), .speaking(1), .announcement(id),
                .announcement(id),
            ]
            feed(.cancel(targets[Int(bits % 8)]))
        case 80..<85: feed(.pause([.all, .client(1), .client(2)][Int(bits % 3)]))
        case 85..<92: feed(.resume([.all, .client(1), .client(2)][Int(bits % 3)]))
        default: feed(staleReply(bits))
        }
    }

    private mutating func announcement(_ bits: UInt32) -> Announcement {
        defer { nextID += 1 }
        let policy = AnnouncementPolicy(
            supersedes: [nil, nil, "score", "lives"][Int((bits >> 3) % 4)],
            expires: [nil, nil, .zero, .milliseconds(50), .milliseconds(300)][Int((bits >> 5) % 5)],
            resume: (bits >> 8) & 1 == 1,
            scope: [nil, "help", "help.section.3", "helpful"][Int((bits >> 9) % 4)])
        return Announcement(
            id: AnnouncementID(rawValue: nextID), client: ClientID(rawValue: UInt64(1 + ((bits >> 2) & 1))),
            text: "announcement \(nextID)", priority: Priority.allCases[Int(bits % 3)], policy: policy)
    }

    /// A reply about an announcement the engine is not speaking: late, duplicated or simply wrong.
    private func staleReply(_ bits: UInt32) -> TestScheduler.Input {
        var id = AnnouncementID(rawValue: UInt64(bits >> 2) % (nextID + 1))
        if id == engine.active { id = AnnouncementID(rawValue: nextID + 1) }
        switch bits % 4 {
        case 0: return .speechStarted(id)
        case 1: return .speechReachedSentence(id, position: 30)
        case 2: return .speechFinished(id)
        default: return .speechStopped(id)
        }
    }

    /// Hands one input to the scheduler and its actions to the engine and the ledger.
    mutating func feed(_ input: TestScheduler.Input) {
        ledger.willHandle(input, engineActive: engine.active)
        let actions = scheduler.handle(input, at: now)
        for action in actions {
            if let misuse = engine.receive(action) { ledger.record(.atMostOneSpeaking, misuse) }
            ledger.observe(action, input: input, engineActive: engine.active)
        }
        ledger.checkState(of: scheduler)
    }
}
