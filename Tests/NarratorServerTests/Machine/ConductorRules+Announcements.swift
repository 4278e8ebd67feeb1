import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

extension ConductorRule {
    static let announcements: [ConductorRule] = [
        ConductorRule(
            id: "C8",
            rule:
                "Each outcome goes to the ledger once; after its end an announcement takes no more (a late event changes nothing)"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1, subscribe: .own)
            _ = machine.say("One.", from: client)
            #expect(machine.speech(.started(1)) == ["notify [1] started #1"])
            #expect(machine.speech(.finished(1)) == ["notify [1] finished #1", "quiet"])
            #expect(machine.speech(.finished(1)) == [])
            #expect(machine.speech(.failed(1, reason: "late")).allSatisfy { $0.hasPrefix("log") })
            #expect(machine.conductor.ledger.records[1]?.outcome == .finished)
            #expect(machine.conductor.counters.outcomes == ["queued": 1, "started": 1, "finished": 1])
        },
        ConductorRule(
            id: "C9",
            rule:
                "An outcome is notified to the clients subscribed to its owner's (own or all), in one action; to none when nobody listens"
        ) {
            var machine = MachineHarness()
            let game = machine.connect(1)
            let own = machine.connect(2, subscribe: .own)
            let all = machine.connect(3, subscribe: .all)
            _ = own
            #expect(
                machine.say("Game.", from: game) == [
                    "reply 1 announcement #1", "notify [3] queued #1", "speak #1 \"Game.\"",
                ])
            #expect(
                machine.say("Own.", .low, from: ClientID(rawValue: 2)) == [
                    "reply 2 announcement #2", "notify [2, 3] queued #2",
                ])
            machine.run(.request(all, .subscribe(allClients: false)))
            #expect(machine.speech(.started(1)) == [])
        },
        ConductorRule(
            id: "C10",
            rule:
                "status, history and repeat read the ledger: what speaks, how many wait, each announcement's last outcome"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1, name: "Game")
            _ = machine.say("One.", from: client)
            _ = machine.say("Two.", .low, from: client)
            _ = machine.speech(.started(1))
            let session = machine.conductor.sessions[client]!
            let status = machine.conductor.status(for: session)
            #expect(status.speaking?.id == "1" && status.speaking?.text == "One." && status.queued == 1)
            let history = machine.conductor.historyEntries(limit: nil, allClients: false, for: session)
            #expect(history.map(\.outcome) == [.started, .queued])
            #expect(machine.conductor.ledger.open[client] == Ledger.Open(count: 2, bytes: 8))
        },
        ConductorRule(
            id: "C11",
            rule:
                "history keeps the last 100 admitted; an ended record beyond them is forgotten, an open one is kept until it ends"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1)
            _ = machine.say("First.", .high, from: client)
            for number in 0..<100 {
                _ = machine.say("Filler \(number).", .low, from: machine.connect(UInt64(10 + number)))
            }
            // #1 speaks still: past the last 100, but open.
            #expect(machine.conductor.ledger.records[1] != nil)
            #expect(machine.conductor.ledger.recent.count == 100 && machine.conductor.ledger.recent.first == 2)
            _ = machine.speech(.started(1))
            _ = machine.speech(.finished(1))
            #expect(machine.conductor.ledger.records[1] == nil)
        },
        ConductorRule(
            id: "C12",
            rule:
                "The speech system refusing to speak an announcement ends it `failed` with the reason; the next one speaks"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1, subscribe: .own)
            _ = machine.say("One.", from: client)
            _ = machine.say("Two.", .low, from: client)
            let actions = machine.trace(.speakRefused(1, reason: "no engine"))
            #expect(actions.first?.hasPrefix("log error The speech engine refused") == true)
            #expect(Array(actions.dropFirst()) == ["notify [1] failed #1", "speak #2 \"Two.\""])
            #expect(machine.conductor.ledger.records[1]?.outcome == .failed(reason: "no engine"))
        },
        ConductorRule(
            id: "C13",
            rule:
                "A disconnect keeps the client's speech and lifts its own pause, so what it queued is not stranded; a pause of all stays"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1)
            machine.run(.request(client, .pause(allClients: false)))
            _ = machine.say("Queued while paused.", from: client)
            #expect(machine.trace(.disconnected(client)) == ["speak #1 \"Queued while paused.\""])
            let pauser = machine.connect(2, name: "narrator pause")
            machine.run(.request(pauser, .pause(allClients: true)))
            machine.run(.disconnected(pauser))
            #expect(machine.conductor.scheduler.isPausedForAll)
            #expect(machine.conductor.sessions.pausedAllBy == "narrator pause")
        },
        ConductorRule(
            id: "C14",
            rule: "When the last open announcement ends, the daemon is quiet: one `quiet`, not before"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1)
            _ = machine.say("One.", from: client)
            _ = machine.say("Two.", .low, from: client)
            _ = machine.speech(.started(1))
            #expect(!machine.speech(.finished(1)).contains("quiet"))
            _ = machine.speech(.started(2))
            #expect(machine.speech(.finished(2)) == ["quiet"])
        },
    ]
}
