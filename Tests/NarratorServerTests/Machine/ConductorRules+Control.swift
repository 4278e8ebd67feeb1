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

    static let cancelByID = ConductorRule(
        id: "C31",
        rule:
            "A `cancel` by `id` takes that one announcement, waiting, heard or kept to resume, and the rest of its block if it was said in one; it must be the sender's, the numbered client's, or (all clients) anyone's; one that has ended, never was, or is another's is `unknown_announcement`, and nothing changes"
    ) {
        var machine = MachineHarness()
        let one = machine.connect(1, subscribe: .all)
        let two = machine.connect(2)
        func cancel(_ id: AnnouncementID, allClients: Bool = false, client: ClientID? = nil) -> Request {
            .cancel(scope: nil, allClients: allClients, client: client, id: id)
        }
        func message(_ actions: [ConductorAction]) -> String {
            guard case .reply(_, .error(let error))? = actions.first else { return "no error: \(actions)" }
            return error.message
        }
        _ = machine.say("One.", from: one, resume: true)
        _ = machine.say("One more.", .low, from: one)
        _ = machine.say("Two.", .low, from: two)
        _ = machine.speech(.started(1))
        // Its own, waiting: only it goes; what is heard goes on.
        #expect(machine.trace(.request(one, cancel(2))) == ["reply 1 ok", "notify [1] cancelled #2"])
        // Another's, without naming it: refused, saying how.
        #expect(
            message(machine.run(.request(two, cancel(1))))
                == "announcement 1 is not this client's: it is client 1's; to cancel another client's speech, "
                + "add \"client\":1 or \"all_clients\":true")
        #expect(machine.trace(.request(one, cancel(3, client: one))) == ["reply 1 error unknown_announcement"])
        // Kept to resume: a high cuts it, and a cancel by id takes it from the line.
        _ = machine.say("Now!", .high, from: two)
        _ = machine.speech(.stopped(1, resumePosition: 0))
        #expect(machine.trace(.request(two, cancel(1, client: one))) == ["reply 2 ok", "notify [1] cancelled #1"])
        // Heard, of anyone's: stopped, and the next one speaks.
        _ = machine.speech(.started(4))
        #expect(machine.trace(.request(one, cancel(4, allClients: true))) == ["reply 1 ok", "stop #4"])
        #expect(machine.speech(.stopped(4, resumePosition: 0)) == ["notify [1] cancelled #4", "speak #3 \"Two.\""])
        // Ended, or never given: nothing to cancel.
        #expect(
            message(machine.run(.request(one, cancel(4, allClients: true)))).contains("has already ended (cancelled)"))
        #expect(message(machine.run(.request(one, cancel(99)))).hasPrefix("no announcement 99 is waiting or speaking"))
        // Said in a block: the rest of its block goes with it.
        _ = machine.speech(.finished(3))
        for text in ["Block one.", "Block two."] {
            _ = machine.trace(.request(one, .say(.init(.text(text), priority: .low, scope: "b", block: true))))
        }
        _ = machine.speech(.started(5))
        #expect(
            machine.trace(.request(one, cancel(6))) == ["reply 1 ok", "notify [1] cancelled #6", "stop #5"])
        #expect(machine.speech(.stopped(5, resumePosition: 0)) == ["notify [1] cancelled #5", "quiet"])
    }
}
