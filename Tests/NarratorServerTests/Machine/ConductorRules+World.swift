import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

extension ConductorRule {
    static let world: [ConductorRule] = [
        ConductorRule(
            id: "C15",
            rule:
                "A wake-up is armed at the scheduler's next deadline, re-armed only when it moves; a stale one changes nothing"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1, subscribe: .own)
            _ = machine.say("Speaking.", from: client)
            #expect(machine.say("Soon gone.", .low, from: client, expiresMilliseconds: 500).last == "arm +500ms")
            machine.milliseconds = 100
            #expect(
                !machine.say("Later gone.", .low, from: client, expiresMilliseconds: 900).contains {
                    $0.hasPrefix("arm")
                })
            machine.milliseconds = 500
            #expect(machine.trace(.timer(MachineHarness.start.advanced(by: .milliseconds(400)))) == [])
            #expect(
                machine.trace(.timer(MachineHarness.start.advanced(by: .milliseconds(500))))
                    == ["notify [1] expired #2", "arm +1000ms"])
        },
        ConductorRule(
            id: "C16",
            rule:
                "A change of the output's condition is notified to every subscriber, once; status reports it; an older report is stale"
        ) {
            var machine = MachineHarness()
            let game = machine.connect(1, subscribe: .own)
            _ = machine.connect(2)
            machine.milliseconds = 10
            var lost = OutputStatus(output: "fake", since: machine.now)
            lost.condition = .lost("gone")
            #expect(machine.trace(.output(lost)) == ["notify [1] output lost(reason: \"gone\")"])
            #expect(machine.trace(.output(lost)) == [])
            let status = machine.conductor.status(for: machine.conductor.sessions[game]!)
            #expect(status.output.condition == .lost(reason: "gone"))
            // A report older than the one held (reports from two threads may cross) is stale.
            #expect(machine.trace(.output(OutputStatus(output: "fake", since: MachineHarness.start))) == [])
            #expect(machine.conductor.output.status.condition == .lost("gone"))
            machine.milliseconds += 1
            let working = OutputStatus(output: "fake", since: machine.now)
            #expect(machine.trace(.output(working)) == ["notify [1] output working"])
        },
        ConductorRule(
            id: "C17",
            rule:
                "A reload takes the settings as a whole but keeps the output; a profile that fails keeps its last good version"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1)
            var loaded = DaemonDefaults.builtIn
            loaded.voice.rate = 300
            loaded.output = "null"
            let settings = UserConfig.Loaded(defaults: loaded, warnings: [], fileExists: true)
            let failure = Profile.LoadError(path: "/p/events.json", reason: "broken")
            let actions = machine.trace(
                .reloaded(
                    Reload(config: .success(settings), profiles: [(name: "retroracing", result: .failure(failure))])))
            #expect(actions.map { $0.prefix(11) } == ["log warning", "log info Se", "log error R"])
            #expect(
                machine.conductor.settings.defaults.voice.rate == 300
                    && machine.conductor.settings.defaults.output == DaemonDefaults.builtIn.output)
            #expect(machine.conductor.profiles["retroracing"]?.folder == MachineHarness.profile.folder)
            #expect(machine.conductor.voice(of: machine.conductor.sessions[client]!).rate == 300)
        },
        ConductorRule(
            id: "C18",
            rule:
                "A cancel of a scope for all clients reaches each client with announcements open; shutdown cancels everything"
        ) {
            var machine = MachineHarness()
            let one = machine.connect(1, subscribe: .all)
            let two = machine.connect(2)
            machine.run(.request(one, .say(.init(.text("Help one."), priority: .low, scope: "help"))))
            machine.run(.request(two, .say(.init(.text("Help two."), priority: .low, scope: "help"))))
            machine.run(.request(two, .say(.init(.text("Other."), priority: .low))))
            let cancelled = machine.trace(.request(one, .cancel(scope: "help", allClients: true)))
            #expect(cancelled == ["reply 1 ok", "stop #1", "notify [1] cancelled #2"])
            #expect(machine.trace(.shutdown) == ["notify [1] cancelled #3"])
        },
        ConductorRule(
            id: "C19",
            rule:
                "A client's sounds play at its effects volume / 100: its own from `set`, else the daemon's, which a reload changes; speech keeps its own volume"
        ) {
            var defaults = DaemonDefaults.builtIn
            defaults.effectsVolume = 80
            var machine = MachineHarness(defaults: defaults)
            let game = machine.connect(1)
            let other = machine.connect(2)
            let note = Request.play(sound: "lane_left", arguments: [])
            #expect(machine.trace(.request(game, note)) == ["reply 1 sound lane_left", "play lane_left at 0.8"])
            let set = machine.run(.request(game, .set(.init(effectsVolume: 50))))
            guard case .reply(_, .voice(let voice)) = set.first else {
                Issue.record("set: \(set)")
                return
            }
            #expect(voice.effectsVolume == 50 && voice.volume == 100)
            #expect(machine.trace(.request(game, note)) == ["reply 1 sound lane_left", "play lane_left at 0.5"])
            // An event's sound too; its speech is at the speech volume, untouched.
            let warning = Request.event(
                type: "level_change_imminent",
                fields: [.init("active", .bool(true)), .init("feedback", .string("both"))])
            let actions = machine.run(.request(game, warning))
            #expect(
                actions.map(MachineTrace.line).prefix(3) == [
                    "reply 1 announcement #1", "play speed_up at 0.5", "speak #1 \"Faster soon!\"",
                ])
            guard case .speak(let request) = actions[2] else { return }
            #expect(request.voice.volume == 100)
            // Another client keeps the default; out of range changes nothing.
            #expect(machine.trace(.request(other, note)).last == "play lane_left at 0.8")
            #expect(machine.trace(.request(game, .set(.init(effectsVolume: 201)))) == ["reply 1 error invalid_field"])
            #expect(machine.trace(.request(game, note)).last == "play lane_left at 0.5")
            // A reload moves the default; a client that reset its own follows it.
            var louder = DaemonDefaults.builtIn
            louder.effectsVolume = 150
            machine.run(
                .reloaded(
                    Reload(config: .success(.init(defaults: louder, warnings: [], fileExists: true)), profiles: [])))
            #expect(machine.trace(.request(other, note)).last == "play lane_left at 1.5")
            #expect(machine.trace(.request(game, note)).last == "play lane_left at 0.5")
            machine.run(.request(game, .set(.init(reset: [.effectsVolume]))))
            #expect(machine.trace(.request(game, note)).last == "play lane_left at 1.5")
        },
        ConductorRule(
            id: "C20",
            rule:
                "An SSML mark the listener reached is notified to the subscribers of its owner's outcomes; it changes no outcome, and one of an ended announcement is late"
        ) {
            var machine = MachineHarness()
            let client = machine.connect(1, subscribe: .own)
            _ = machine.connect(2)
            _ = machine.say("<speak>One <mark name=\"here\"/> two.</speak>", from: client)
            _ = machine.speech(.started(1))
            #expect(machine.speech(.mark(1, name: "here")) == ["notify [1] mark #1 here"])
            #expect(machine.conductor.ledger.records[1]?.outcome == .started)
            _ = machine.speech(.finished(1))
            #expect(machine.speech(.mark(1, name: "late")) == [])
        },
    ]
}
