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
