import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

extension ConductorRule {
    /// Rows added with SSIP's `SET all`, `SET id`, blocks and reading settings: settings of other
    /// clients, speech that is one unit, and how a client's speech is read.
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
            #expect(machine.conductor.settings.defaults.voice.pitch == 50)
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
        },
        ConductorRule(
            id: "C25",
            rule:
                "A `cancel` of what is being heard that takes an announcement said in a block (`say`'s `block`) takes the rest of its block, waiting or kept to resume; without a block, or of another client's block, it is C22"
        ) {
            var machine = MachineHarness()
            let one = machine.connect(1, subscribe: .all)
            let two = machine.connect(2)
            func part(_ text: String, _ scope: String, block: Bool = true) -> Request {
                .say(.init(.text(text), priority: .low, scope: scope, block: block))
            }
            _ = machine.trace(.request(one, part("Block one.", "b.1")))
            _ = machine.trace(.request(one, part("Block two.", "b.1")))
            _ = machine.trace(.request(one, part("Next block.", "b.2")))
            _ = machine.trace(.request(two, .say(.init(.text("Other."), priority: .low))))
            _ = machine.speech(.started(1))
            // Another client's cancel of what is heard, by number or of all, takes the block.
            #expect(
                machine.trace(.request(two, .cancel(scope: nil, allClients: false, speaking: true, client: one)))
                    == ["reply 2 ok", "notify [1] cancelled #2", "stop #1"])
            #expect(
                machine.speech(.stopped(1, resumePosition: 0))
                    == ["notify [1] cancelled #1", "speak #3 \"Next block.\""])
            _ = machine.speech(.started(3))
            // The sender's own cancel of what is heard names its own client: another's block stays.
            #expect(
                machine.trace(.request(two, .cancel(scope: nil, allClients: false, speaking: true))) == ["reply 2 ok"])
            #expect(
                machine.trace(.request(two, .cancel(scope: nil, allClients: true, speaking: true)))
                    == ["reply 2 ok", "stop #3"])
            #expect(
                machine.speech(.stopped(3, resumePosition: 0)) == ["notify [1] cancelled #3", "speak #4 \"Other.\""])
            // The same scope without `block` is C22: what waits of it goes on.
            _ = machine.speech(.finished(4))
            _ = machine.trace(.request(one, part("Loose one.", "c", block: false)))
            _ = machine.trace(.request(one, part("Loose two.", "c", block: false)))
            _ = machine.speech(.started(5))
            #expect(
                machine.trace(.request(two, .cancel(scope: nil, allClients: true, speaking: true)))
                    == ["reply 2 ok", "stop #5"])
            #expect(
                machine.speech(.stopped(5, resumePosition: 0))
                    == ["notify [1] cancelled #5", "speak #6 \"Loose two.\""])
        },
        ConductorRule(
            id: "C26",
            rule:
                "A client's `variant`, `punctuation` and `capitals` go with its speech to the speech system; its `spelling` says plain text character by character, SSML as it is"
        ) {
            var machine = MachineHarness()
            let one = machine.connect(1)
            let change = Request.VoiceChange(variant: "f2", punctuation: .most, capitals: .spell, spelling: true)
            _ = machine.run(.request(one, .set(change)))
            let said = machine.run(.request(one, .say(.init(.text("Ab, c.")))))
            guard case .speak(let request)? = said.last else {
                Issue.record("nothing spoken: \(said)")
                return
            }
            #expect(request.text == "A b , c .")
            #expect(
                request.voice.variant == "f2" && request.voice.punctuation == .most && request.voice.capitals == .spell)
            _ = machine.speech(.started(1))
            _ = machine.speech(.finished(1))
            #expect(
                machine.trace(.request(one, .say(.init(.text("<speak>Ab</speak>"), ssml: true))))
                    == ["reply 1 announcement #2", "speak #2 \"<speak>Ab</speak>\""])
            _ = machine.speech(.finished(2))
            // Reset, they follow the daemon's defaults again: none.
            _ = machine.run(.request(one, .set(.init(reset: [.variant, .punctuation, .capitals, .spelling]))))
            let plain = machine.run(.request(one, .say(.init(.text("Ab.")))))
            guard case .speak(let again)? = plain.last else {
                Issue.record("nothing spoken: \(plain)")
                return
            }
            #expect(again.text == "Ab." && again.voice == VoiceRequest())
        },
    ]
}
