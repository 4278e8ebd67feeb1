import Foundation
import Testing

/// One row of docs/SSIP.md's tables of SSIP's priorities on the narrator (S) and of the screen
/// reader's speech beside games' (R): its id, the rule, and a script over SSIP sessions and the pure conductor (`SSIPMachine`) that checks it.
struct SSIPPriorityRule: Sendable, CustomTestStringConvertible {
    let id: String
    let rule: String
    let check: @Sendable () -> Void

    var testDescription: String { "\(id): \(rule)" }
}

@Suite("docs/SSIP.md, SSIP's priorities on the narrator, one test per row")
struct SSIPPriorityRuleTests {
    @Test(arguments: SSIPPriorityRule.all)
    func rule(_ row: SSIPPriorityRule) {
        row.check()
    }

    /// Keeps the document and the tests in step: every row id appears once in each, in order.
    @Test func documentListsExactlyTheTestedRows() throws {
        let document = URL(filePath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "docs/SSIP.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        let documented = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| S") || line.hasPrefix("| R"), line.dropFirst(3).first?.isNumber == true else {
                return nil
            }
            return line.dropFirst(2).prefix { $0 != " " && $0 != "|" }.description
        }
        #expect(documented == SSIPPriorityRule.all.map(\.id))
    }
}
