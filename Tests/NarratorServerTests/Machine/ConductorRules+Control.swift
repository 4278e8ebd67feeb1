import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

extension ConductorRule {
    /// Rows about one client acting on another's speech: by its number, or on what is being heard.
    static let control: [ConductorRule] = [
        ConductorRule(
            id: "C21",
            rule:
                "`cancel`, `pause` and `resume` of a client's number act on its speech as its own would; a number no client has is `unknown_client`, and one that left can be cancelled, not paused"
        ) {
            var machine = MachineHarness()
            let one = machine.connect(1, subscribe: .all)
            let two = machine.connect(2)
            _ = machine.say("Two.", from: two)
            _ = machine.say("Two more.", .low, from: two)
            _ = machine.speech(.started(1))
            #expect(machine.trace(.request(one, .pause(allClients: false, client: two))) == ["reply 1 ok", "stop #1"])
            #expect(machine.conductor.scheduler.pausedClients == [two])
            #expect(machine.speech(.stopped(1, resumePosition: 0)) == ["notify [1] suspended #1"])
            #expect(
                machine.trace(.request(one, .resume(allClients: false, client: two)))
                    == ["reply 1 ok", "speak #1 \"Two.\""])
            // Numbers no client has: an error, and nothing changes.
            for request in [
                Request.pause(allClients: false, client: 9), .resume(allClients: false, client: 9),
                .cancel(scope: nil, allClients: false, client: 9),
                .cancel(scope: nil, allClients: false, speaking: true, client: 9),
            ] {
                #expect(machine.trace(.request(one, request)) == ["reply 1 error unknown_client"])
            }
            #expect(machine.conductor.scheduler.pausedClients.isEmpty)
            // A client that has left is still heard, so it can be cancelled; a pause of it would never end.
            machine.run(.disconnected(two))
            #expect(
                machine.trace(.request(one, .pause(allClients: false, client: two))) == ["reply 1 error unknown_client"]
            )
            #expect(
                machine.trace(.request(one, .cancel(scope: nil, allClients: false, client: two)))
                    == ["reply 1 ok", "notify [1] cancelled #2", "stop #1"])
            _ = machine.speech(.stopped(1, resumePosition: 0))
            #expect(
                machine.trace(.request(one, .cancel(scope: nil, allClients: false, client: two)))
                    == ["reply 1 error unknown_client"])
        },
        ConductorRule(
            id: "C22",
            rule:
                "A `cancel` of what is being heard stops only it, if it is the sender's, the numbered client's, or (all clients) anyone's; what waits goes on"
        ) {
            var machine = MachineHarness()
            let one = machine.connect(1, subscribe: .all)
            let two = machine.connect(2)
            _ = machine.say("One.", from: one)
            _ = machine.say("One more.", .low, from: one)
            _ = machine.say("Two.", .low, from: two)
            _ = machine.speech(.started(1))
            let own = Request.cancel(scope: nil, allClients: false, speaking: true)
            #expect(machine.trace(.request(two, own)) == ["reply 2 ok"])
            #expect(
                machine.trace(.request(one, .cancel(scope: nil, allClients: false, speaking: true, client: two)))
                    == ["reply 1 ok"])
            #expect(
                machine.trace(.request(two, .cancel(scope: nil, allClients: true, speaking: true)))
                    == ["reply 2 ok", "stop #1"])
            #expect(
                machine.speech(.stopped(1, resumePosition: 0)) == ["notify [1] cancelled #1", "speak #2 \"One more.\""])
            _ = machine.speech(.started(2))
            #expect(machine.trace(.request(one, own)) == ["reply 1 ok", "stop #2"])
            #expect(
                machine.speech(.stopped(2, resumePosition: 0)) == ["notify [1] cancelled #2", "speak #3 \"Two.\""])
        },
    ]
}
