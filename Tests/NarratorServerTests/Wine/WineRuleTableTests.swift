import Foundation
import NarratorTestSupport
import Testing

/// docs/WINE.md's table of the bridge's rules (N1, N2, ...) and the checks that carry them: the
/// tester's steps (clients/wine/tests/tolk_like.c), the JSON code's checks (json_test.c) and the
/// stand-in daemon's log checks (check_log.py). Each rule names its checks in backticks; the two must
/// not drift apart.
@Suite("WINE.md's rules and their checks")
struct WineRuleTableTests {
    static let tests = NarratorExecutable.packageRoot + "/clients/wine/tests"

    /// Every step and check name the test programs print, by the calls that print them.
    static func checkNames() throws -> Set<String> {
        let patterns = [
            #"(?:step|CALL|wait_ready|check)\("([A-Za-z0-9_+]+)""#, #"load\([^,]+, "([A-Za-z0-9_]+)"\)"#,
            #"printf\("step ([A-Za-z0-9_]+) "#, #"echo "check ([A-Za-z0-9_]+) "#,
        ]
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: tests) {
            let text = try String(contentsOfFile: tests + "/" + file, encoding: .utf8)
            for pattern in patterns {
                let expression = try NSRegularExpression(pattern: pattern)
                for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
                }
            }
        }
        return names
    }

    /// The table's rows: each id with the names in backticks of its last column (paths, key=value
    /// lists and sentences in backticks are not names).
    static func rows() throws -> [(id: String, names: [String])] {
        let text = try String(contentsOfFile: NarratorExecutable.packageRoot + "/docs/WINE.md", encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, cells[1].hasPrefix("N"), cells[1].dropFirst().allSatisfy(\.isNumber) else {
                return nil
            }
            let names = cells[3].split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map {
                String($0.element)
            }
            .filter { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "+" } }
            .filter { $0.contains { $0.isLowercase } }  // not an environment variable's name
            return (cells[1], names)
        }
    }

    @Test("Every rule names checks, and every name is a step or check the test programs print")
    func everyRuleHasItsChecks() throws {
        let names = try Self.checkNames()
        let rows = try Self.rows()
        #expect(rows.map(\.id) == (1...rows.count).map { "N\($0)" }, "the rules are N1... in order")
        for row in rows where row.id != "N19" {  // N19 is every program's exit status, not one step
            #expect(!row.names.isEmpty, "\(row.id) names no check")
            for name in row.names {
                #expect(names.contains(name), "\(row.id) names \(name), which no test program prints")
            }
        }
    }

    @Test("Every step the tester prints is named in WINE.md, by a rule or by a figure")
    func everyStepIsNamed() throws {
        let document = try String(contentsOfFile: NarratorExecutable.packageRoot + "/docs/WINE.md", encoding: .utf8)
        let tester = try String(contentsOfFile: Self.tests + "/tolk_like.c", encoding: .utf8)
        let steps = try Self.checkNames().filter { tester.contains("\"\($0)\"") || tester.contains("step \($0) ") }
        #expect(steps.count > 40, "the tester's steps were not found: \(steps)")
        let unnamed = steps.filter { !document.contains("`\($0)`") && $0 != "watchdog" }
        #expect(unnamed.isEmpty, "steps no rule or figure of WINE.md names: \(unnamed.sorted())")
    }
}
