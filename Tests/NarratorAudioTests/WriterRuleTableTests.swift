import NarratorTestSupport
import Testing

/// Keeps docs/AUDIO.md's table of the writer's rules and their tests in step, as the conductor's C
/// rules, the scheduler's P rules and SSIP's S rules are kept: a W rule's tests are those whose display
/// names begin with its id and a colon ("W5: ..."), in WriterMachineTests or beside it.
@Suite("docs/AUDIO.md, the writer's rules, each with its tests")
struct WriterRuleTableTests {
    static let document = "docs/AUDIO.md"

    @Test func everyRuleInTheTableHasATestNamedByIt() throws {
        let documented = try RuleTable.ids(prefix: "W", inDocument: Self.document)
        #expect(!documented.isEmpty, "no W rows found in \(Self.document)")
        #expect(Set(documented).count == documented.count, "an id appears twice in \(Self.document): \(documented)")
        let tested = try RuleTable.taggedTests(prefix: "W")
        let untested = documented.filter { tested[$0] == nil }
        #expect(untested.isEmpty, "rules of \(Self.document) without a test named by them: \(untested)")
    }

    @Test func everyTestNamedByARuleNamesOneInTheTable() throws {
        let documented = Set(try RuleTable.ids(prefix: "W", inDocument: Self.document))
        let tested = try RuleTable.taggedTests(prefix: "W")
        let strays = tested.filter { !documented.contains($0.key) }.map { "\($0.key) in \($0.value.sorted())" }
        #expect(strays.isEmpty, "tests named by a rule that \(Self.document) does not have: \(strays.sorted())")
    }
}
