import NarratorWire
import PropertyBased
import Testing

/// The conductor's invariants (docs/SERVER.md, "The conductor's rules") over random sequences of
/// inputs: three clients coming and going, asking for speech of every priority and policy,
/// cancelling, pausing, repeating; the speech system answering in any legal order or refusing;
/// the output lost and back; reloads; time passing.
@Suite struct ConductorPropertyTests {
    @Test func invariantsHoldOverRandomInputs() async {
        await propertyCheck(count: 300, input: Gen.uint32().array(of: 0...400)) { codes in
            var simulation = ConductorSimulation()
            simulation.run(codes)
            #expect(simulation.violations == [])
        }
    }

    /// Guards the generator: the random runs reach every outcome, refusals and the limit.
    @Test func randomRunsReachEveryOutcome() async {
        var seen: Set<String> = []
        await propertyCheck(count: 60, input: Gen.uint32().array(of: 300...400)) { codes in
            var simulation = ConductorSimulation()
            simulation.run(codes)
            for outcomes in simulation.outcomes.values { seen.formUnion(outcomes.map(\.name)) }
        }
        #expect(
            seen == [
                "queued", "started", "suspended", "resumed", "finished", "interrupted", "superseded", "expired",
                "dropped", "cancelled", "failed",
            ])
    }
}
