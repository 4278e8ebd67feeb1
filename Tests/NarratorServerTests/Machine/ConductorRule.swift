import Foundation
import Testing

/// One row of docs/SERVER.md's table of the conductor's rules: its id, the rule, and a script over
/// the pure machine (`MachineHarness`) that checks it.
struct ConductorRule: Sendable, CustomTestStringConvertible {
    /// The row's id in docs/SERVER.md (`C1`, `C2`, ...).
    let id: String
    let rule: String
    let check: @Sendable () -> Void

    var testDescription: String { "\(id): \(rule)" }

    /// Every row of docs/SERVER.md, in order.
    static let all: [ConductorRule] =
        requests + announcements + world + control + placement + others + sounds + [
            layout, latency, latencyWarning, cancelByID,
        ]
}

@Suite("docs/SERVER.md, the conductor's rules, one test per row")
struct ConductorRuleTests {
    @Test(arguments: ConductorRule.all)
    func rule(_ row: ConductorRule) {
        row.check()
    }

    /// Keeps the document and the tests in step: every row id appears once in each, in the same order.
    @Test func documentListsExactlyTheTestedRows() throws {
        let document = URL(filePath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "docs/SERVER.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        let documented = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| C") else { return nil }
            return line.dropFirst(2).prefix { $0 != " " && $0 != "|" }.description
        }
        #expect(documented == ConductorRule.all.map(\.id))
    }
}
