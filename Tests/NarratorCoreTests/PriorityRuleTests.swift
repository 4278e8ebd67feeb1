import Foundation
import NarratorCore
import Testing

@Suite("docs/PRIORITIES.md, one test per row")
struct PriorityRuleTests {
    @Test(arguments: PriorityRule.all)
    func rule(_ row: PriorityRule) {
        #expect(row.steps.count { if case .input = $0 { true } else { false } } == row.expected.count)
        #expect(row.run() == row.expected)
    }

    /// Keeps the document and the tests in step: every row id appears once in each, in the same order.
    @Test func documentListsExactlyTheTestedRows() throws {
        let document = URL(filePath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "docs/PRIORITIES.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        let documented = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| P") else { return nil }
            return line.dropFirst(2).prefix { $0 != " " && $0 != "|" }.description
        }
        #expect(documented == PriorityRule.all.map(\.id))
    }
}
