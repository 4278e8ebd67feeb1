import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

extension ConductorRule {
    static let requests: [ConductorRule] = [
        ConductorRule(
            id: "C1",
            rule: "A request's reply is its first action; what it causes (speech, sounds, notifications, logs) follows"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1, subscribe: .own)
            #expect(
                machine.say("One.", from: client) == [
                    "reply 1 announcement #1", "notify [1] queued #1", "speak #1 \"One.\"",
                ])
            // A profile loaded for a hello is logged after the hello's reply.
            let loaded = machine.trace(
                .request(
                    client, .hello(client: nil, locale: nil, profile: "other"), profile: .loaded(MachineHarness.profile)
                ))
            #expect(
                loaded.first == "reply 1 ok"
                    && loaded.dropFirst().first?.hasPrefix("log info Loaded the profile other") == true)
        },
        ConductorRule(
            id: "C2", rule: "A request that fails changes nothing: its error is its only action, counted in errors"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1, name: "Game")
            // A good name with a bad locale: all or nothing.
            #expect(
                machine.trace(.request(client, .hello(client: "Renamed", locale: "1!", profile: nil)))
                    == ["reply 1 error invalid_field"])
            #expect(machine.conductor.sessions[client]?.name == "Game")
            #expect(machine.trace(.request(client, .say(.init(.text("   "))))) == ["reply 1 error speech"])
            #expect(
                machine.trace(.rejected(client, ProtocolError(.invalidJSON, "bad"))) == ["reply 1 error invalid_json"])
            #expect(machine.conductor.counters.errors == 3)
            #expect(machine.conductor.ledger.records.isEmpty)
        },
        ConductorRule(id: "C3", rule: "A request of a client that is gone has no reply and changes nothing") {
            var machine = MachineHarness()
            let client = machine.connect(1)
            machine.run(.disconnected(client))
            #expect(machine.say("Late.", from: client) == [])
            #expect(machine.conductor.ledger.records.isEmpty)
        },
        ConductorRule(
            id: "C4",
            rule:
                "A hello naming a profile takes the one the shell loaded; one that failed to load is the client's error"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1)
            let failure = ProtocolError(.profile, "no profile \"missing\" is installed")
            #expect(
                machine.trace(
                    .request(client, .hello(client: "G", locale: nil, profile: "missing"), profile: .failed(failure))
                )
                .prefix(1) == ["reply 1 error profile"])
            #expect(machine.conductor.sessions[client]?.name == "client 1")
            machine.run(
                .request(
                    client, .hello(client: nil, locale: nil, profile: "mine"), profile: .loaded(MachineHarness.profile))
            )
            #expect(machine.conductor.sessions[client]?.profile == "mine")
            // Held now: a second client naming it needs nothing loaded.
            let other = machine.connect(2)
            #expect(machine.trace(.request(other, .hello(client: nil, locale: nil, profile: "mine"))) == ["reply 2 ok"])
        },
        ConductorRule(
            id: "C5",
            rule:
                "A sound is an action after the reply; an event's sound plays before its speech (unless its rule plays it after, C27); one that does not render is the request's error"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1)
            #expect(
                machine.trace(.request(client, .play(sound: "lane_left", arguments: []))) == [
                    "reply 1 sound lane_left", "play lane_left",
                ])
            let event = Request.event(
                type: "level_change_imminent",
                fields: [.init("active", .bool(true)), .init("feedback", .string("both"))])
            #expect(
                machine.trace(.request(client, event))
                    == ["reply 1 announcement #1", "play speed_up", "speak #1 \"Faster soon!\""])
            #expect(
                machine.trace(.request(client, .play(sound: "no_such_sound", arguments: []))) == [
                    "reply 1 error unknown_sound"
                ])
        },
        ConductorRule(
            id: "C6",
            rule:
                "An announcement is admitted within its client's limit (32 open, 128 KiB); past it, `limit`; once one ends, another is admitted"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1)
            for number in 1...32 { _ = machine.say("Low \(number).", .low, from: client) }
            #expect(machine.say("One more.", .high, from: client) == ["reply 1 error limit"])
            // Another client is not held back by it.
            let other = machine.connect(2)
            #expect(machine.say("Mine.", .low, from: other).first == "reply 2 announcement #33")
            _ = machine.speech(.started(1))
            _ = machine.speech(.finished(1))
            #expect(machine.say("One more.", .low, from: client).first == "reply 1 announcement #34")
        },
        ConductorRule(
            id: "C7",
            rule: "`repeat` queues again the last announcement that began to be heard, of the client's name or of all"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1, name: "Game")
            #expect(
                machine.trace(.request(client, .repeat(allClients: false, priority: .default))) == [
                    "reply 1 error nothing_to_repeat"
                ])
            _ = machine.say("First.", from: client)
            _ = machine.speech(.started(1))
            _ = machine.speech(.finished(1))
            _ = machine.say("Second.", .low, from: client)
            // The low speaks; a repeat at high cuts it, and says the first again once the low has stopped.
            #expect(
                machine.trace(.request(client, .repeat(allClients: false, priority: .high)))
                    == ["reply 1 announcement #3", "stop #2"])
            #expect(machine.speech(.stopped(2, resumePosition: 0)) == ["speak #3 \"First.\""])
            let other = machine.connect(2, name: "Other")
            #expect(
                machine.trace(.request(other, .repeat(allClients: false, priority: .low))) == [
                    "reply 2 error nothing_to_repeat"
                ])
            _ = machine.speech(.started(3))
            #expect(
                machine.trace(.request(other, .repeat(allClients: true, priority: .low))).first
                    == "reply 2 announcement #4")
            #expect(machine.conductor.ledger.records[4]?.text == "First.")
        },
    ]
}
