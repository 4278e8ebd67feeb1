import NarratorCore
import Testing

@Suite struct ScopeTests {
    @Test(arguments: [
        ("help", "help", true),
        ("help", "help.section.3", true),
        ("help.section", "help.section.3", true),
        ("help", "helpful", false),
        ("help", "hel", false),
        ("help.section.3", "help", false),
        ("help.section", "help.sections", false),
    ])
    func scopeContainsItselfAndWhatLiesBelowIt(parent: String, child: String, contains: Bool) {
        #expect(Scope(parent).contains(Scope(child)) == contains)
    }
}
