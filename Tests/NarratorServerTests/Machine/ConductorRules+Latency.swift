import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

extension ConductorRule {
    /// The latencies the output measures (docs/AUDIO.md, W19), into the ledger and `status`.
    static let latency = ConductorRule(
        id: "C29",
        rule:
            "What the output heard goes into the ledger: an announcement's `handed_ms` and `audible_ms` count from when it was handed to the speech system, its `silent_ms` from the first request that stopped it; its `history` entry has them, the outcome that ends it those known by then, and one measured after its end goes in a `latency` notification to its owner's listeners that subscribed with `latency`; each, and every sound's, joins the output's figures in `status`"
    ) {
        var machine = MachineHarness()
        let game = machine.connect(1, subscribe: .own)
        let monitor = machine.connect(2)
        machine.run(.request(monitor, .subscribe(allClients: true, latency: true)))
        func at(_ milliseconds: Double) -> ContinuousClock.Instant {
            MachineHarness.start.advanced(by: .microseconds(Int(milliseconds * 1000)))
        }
        machine.milliseconds = 100
        #expect(
            machine.say("One.", from: game).last == "speak #1 \"One.\"")
        _ = machine.speech(.started(1))
        machine.milliseconds = 130
        // Handed to the output 2 ms after the request, heard 12 ms after it.
        machine.run(.heard(OutputTiming(edge: .speechStarted(1), handed: at(102), heard: at(112))))
        // A high one interrupts it at 200 ms; the last of "One." is heard 5 ms later.
        machine.milliseconds = 200
        _ = machine.say("Two.", .high, from: game)
        let ended = machine.run(.speech(.stopped(1, resumePosition: 0)))
        // Measured after its end: told apart, with all it has, to those that asked (not the game).
        let late = machine.run(.heard(OutputTiming(edge: .speechStopped(1), handed: at(201), heard: at(205))))
        #expect(late.map(MachineTrace.line) == ["notify [2] latency #1"])
        if case .notify(_, .latency(let report))? = late.first {
            #expect(
                report.latency
                    == AnnouncementLatency(handedMilliseconds: 2, audibleMilliseconds: 12, silentMilliseconds: 5))
        }
        machine.milliseconds = 220
        machine.run(.heard(OutputTiming(edge: .sound(requested: at(210)), handed: at(211), heard: at(219))))
        // The outcome that ended "One." carried what was known then: not yet its silence.
        let outcome = ended.compactMap { action -> Notification.OutcomeReport? in
            guard case .notify(_, .outcome(let report)) = action, report.id == "1" else { return nil }
            return report
        }.first
        #expect(outcome?.latency == AnnouncementLatency(handedMilliseconds: 2, audibleMilliseconds: 12))
        // History has all three, measured after the end too.
        let history = machine.run(.request(game, .history(limit: 2, allClients: false)))
        guard case .reply(_, .history(let entries))? = history.first else {
            Issue.record("no history: \(history)")
            return
        }
        #expect(
            entries.first?.latency
                == AnnouncementLatency(handedMilliseconds: 2, audibleMilliseconds: 12, silentMilliseconds: 5))
        #expect(entries.last?.latency == nil, "\"Two.\" has not been heard yet")
        // `status` has one of each kind, in the last minute and since the start.
        guard case .reply(_, .status(let status))? = machine.run(.request(game, .status)).first,
            let latency = status.output.latency
        else {
            Issue.record("no latencies in status")
            return
        }
        #expect(latency.audible.lastMinute == LatencySummary(count: 1, median: 12, p95: 12, worst: 12))
        #expect(latency.silent.sinceStart.count == 1 && latency.silent.sinceStart.worst == 5)
        #expect(latency.sound.sinceStart.count == 1 && latency.sound.sinceStart.worst == 9)
        // A minute later the last minute is empty; since the start keeps them.
        machine.milliseconds = 61_000
        guard case .reply(_, .status(let later))? = machine.run(.request(game, .status)).first else { return }
        #expect(later.output.latency?.audible.lastMinute.count == 0)
        #expect(later.output.latency?.audible.sinceStart.count == 1)
    }
}

extension ConductorRule {
    /// The player's `latency_warn_ms` (docs/CONFIG.md).
    static let latencyWarning = ConductorRule(
        id: "C30",
        rule:
            "Once the last minute's median `audible_ms` (of at least 3) is past the player's `latency_warn_ms`, the daemon says so once, in its log and in `status`, with the likely cause (the sound server's part or its own); not again for that setting, and never without one"
    ) {
        func run(warnAt limit: Int?) -> (logs: [String], status: String?) {
            var defaults = DaemonDefaults.builtIn
            defaults.latencyWarnMilliseconds = limit
            var machine = MachineHarness(defaults: defaults)
            let game = machine.connect(1)
            var logs: [String] = []
            for index in 1...5 {
                machine.milliseconds = index * 1000
                let spoken = machine.now
                _ = machine.say("Score \(index)", from: game)
                _ = machine.speech(.started(AnnouncementID(rawValue: UInt64(index))))
                // 3 ms to the sound server, then 40 ms in it: 43 ms from request to heard.
                let timing = OutputTiming(
                    edge: .speechStarted(AnnouncementID(rawValue: UInt64(index))),
                    handed: spoken.advanced(by: .milliseconds(3)), heard: spoken.advanced(by: .milliseconds(43)))
                machine.milliseconds += 50
                logs += machine.trace(.heard(timing)).filter { $0.hasPrefix("log warning") }
                _ = machine.speech(.finished(AnnouncementID(rawValue: UInt64(index))))
            }
            guard case .reply(_, .status(let status))? = machine.run(.request(game, .status)).first else {
                return (logs, nil)
            }
            return (logs, status.output.latencyWarning)
        }
        let warned = run(warnAt: 30)
        #expect(warned.logs.count == 1, "said once: \(warned.logs)")
        #expect(warned.logs.first?.contains("Speech takes 43.0 ms to be heard") == true, "\(warned.logs)")
        #expect(warned.logs.first?.contains("likely the sound server's part: 40.0 ms") == true, "\(warned.logs)")
        #expect(
            warned.status.map { warned.logs.first?.hasSuffix($0) == true } == true, "status: \(warned.status ?? "none")"
        )
        // Under the setting, or without one: nothing.
        #expect(run(warnAt: 50).logs.isEmpty && run(warnAt: 50).status == nil)
        #expect(run(warnAt: nil).logs.isEmpty && run(warnAt: nil).status == nil)
    }
}
