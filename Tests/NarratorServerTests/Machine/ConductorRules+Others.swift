import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

extension ConductorRule {
    /// Rows added with SSIP's `SET all`, `SET id` and blocks: settings of other clients, and speech
    /// that is one unit.
    static let others: [ConductorRule] = [
        ConductorRule(
            id: "C24",
            rule:
                "`set` of a client's number changes that client's own settings, and of all clients every connected client's, as each one's own `set` would, all or nothing; the daemon's defaults stay for clients that connect later; a number no client connected has is `unknown_client`"
        ) {
            var defaults = DaemonDefaults.builtIn
            defaults.voice.rate = 320
            var machine = MachineHarness(defaults: defaults)
            let one = machine.connect(1)
            let two = machine.connect(2)
            let three = machine.connect(3)
            func rate(_ client: ClientID) -> Int {
                machine.conductor.voice(of: machine.conductor.sessions[client]!).rate
            }
            // Another client's: the reply is its voice; the sender's own is untouched.
            let other = machine.run(.request(one, .set(.init(rate: 200), client: two)))
            guard case .reply(_, .voice(let voice)) = other.first else {
                Issue.record("no voice in \(other)")
                return
            }
            #expect(voice.rate == 200 && rate(two) == 200 && rate(one) == 320)
            // Every connected client's, the sender's among them; the player's default stays.
            #expect(machine.trace(.request(three, .set(.init(pitch: 70), allClients: true))) == ["reply 3 ok"])
            #expect(
                [one, two, three].map { machine.conductor.voice(of: machine.conductor.sessions[$0]!).pitch } == [
                    70, 70, 70,
                ])
            #expect(machine.conductor.defaults.voice.pitch == 50)
            // A client's own setting wins over the player's, and a reset follows the player's again.
            _ = machine.run(.request(one, .set(.init(reset: [.rate]), allClients: true)))
            #expect([one, two, three].map(rate) == [320, 320, 320])
            // All or nothing.
            #expect(
                machine.trace(.request(one, .set(.init(rate: 1000), allClients: true))).first?.contains("invalid_field")
                    == true)
            #expect([one, two, three].map(rate) == [320, 320, 320])
            // A client that connects later starts from the player's settings.
            let four = machine.connect(4)
            #expect(rate(four) == 320 && machine.conductor.voice(of: machine.conductor.sessions[four]!).pitch == 50)
            // A number no connected client has.
            machine.run(.disconnected(two))
            for number: ClientID in [two, 9] {
                #expect(
                    machine.trace(.request(one, .set(.init(rate: 200), client: number))) == [
                        "reply 1 error unknown_client"
                    ])
            }
        }
    ]
}
