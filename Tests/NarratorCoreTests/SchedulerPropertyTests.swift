import NarratorCore
import NarratorWire
import PropertyBased
import Testing

@Suite struct SchedulerPropertyTests {
    /// Random inputs: submissions of every priority and policy, engine replies (some racing a stop, some
    /// stale), time passing, cancel, pause and resume; a small random bound so overflow is common.
    @Test(arguments: Invariant.allCases)
    func invariantHoldsOverRandomInputs(_ invariant: Invariant) async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...6), Gen.uint32().array(of: 0...250)) { bound, codes in
            var simulation = Simulation(queueBound: bound)
            simulation.run(codes)
            #expect(simulation.ledger.violations[invariant, default: []] == [])
        }
    }

    /// Found by the random runs (shrunk from a failing `.arrivalOrder`): a high that supersedes both a
    /// suspended high and a fresh one waiting behind another high takes the first one's place, the front
    /// (P31), so it speaks before that other high. The ledger must give it that turn, not the later one's.
    @Test func supersedingASuspendedAndAWaitingHighTakesTheFirstTurn() {
        func high(_ id: UInt64, key: String? = nil) -> TestScheduler.Input {
            .submit(
                Announcement(
                    id: AnnouncementID(rawValue: id), client: 1, text: "high \(id)", priority: .high,
                    policy: AnnouncementPolicy(supersedes: key)))
        }
        var simulation = Simulation(queueBound: 64)
        simulation.feed(high(1, key: "speed"))
        simulation.feed(high(2))
        simulation.feed(high(3, key: "speed"))
        simulation.feed(.pause(.client(1)))
        if let stopped = simulation.engine.reply(choice: 1) { simulation.feed(stopped) }
        simulation.feed(high(4, key: "speed"))
        simulation.run([])  // Resumes all: 4 speaks, then 2.
        #expect(simulation.ledger.violations == [:])
    }

    /// Guards the generator: the random runs do reach the situations the invariants are about.
    @Test func randomRunsExerciseEveryOutcome() async {
        var seen: Set<String> = []
        await propertyCheck(count: 50, input: Gen.uint32().array(of: 200...250)) { codes in
            var simulation = Simulation(queueBound: 3)
            simulation.run(codes)
            for record in simulation.ledger.records.values {
                for outcome in record.outcomes {
                    seen.insert(Trace.render(outcome).prefix { $0 != " " && $0 != "@" }.description)
                }
            }
        }
        #expect(
            seen == [
                "queued", "started", "suspended", "resumed", "finished", "interrupted", "superseded", "expired",
                "dropped", "cancelled",
            ])
    }
}
