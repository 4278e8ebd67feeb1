import Foundation
import NarratorWire
import Testing

/// docs/PROTOCOL.md's table of errors is the list of codes a client can get: every code of
/// `ProtocolError.Code` has a row there, and every row is a code.
@Suite("Error codes, in docs/PROTOCOL.md")
struct ErrorCodeDocumentationTests {
    /// The codes of the rows of the table under "## Errors": `| `invalid_json` | when | example |`.
    static func documentedCodes() throws -> [String] {
        let document = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "docs/PROTOCOL.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        let section = try #require(text.range(of: "\n## Errors\n"), "docs/PROTOCOL.md has no Errors section")
        var codes: [String] = []
        for line in text[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            codes.append(String(cell))
        }
        return codes
    }

    @Test("the table has a row for every code, and no row for a code that is not one")
    func sameCodes() throws {
        let documented = try Self.documentedCodes()
        let defined = ProtocolError.Code.allCases.map(\.rawValue)
        #expect(Set(defined).subtracting(documented).isEmpty, "not in docs/PROTOCOL.md")
        #expect(Set(documented).subtracting(defined).isEmpty, "in docs/PROTOCOL.md, but no code")
        #expect(documented.count == Set(documented).count, "a code has two rows")
    }
}
