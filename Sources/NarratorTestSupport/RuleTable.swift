import FoundationEssentials

/// A rule table in a document (docs/AUDIO.md's W rules, ...) and the tests that carry its ids, for a
/// test that keeps the two in step: every rule has a test, every test that names a rule names one in
/// the table.
///
/// A rule's tests are the `@Test`s whose display names begin with its id and a colon (`"W5: ..."`),
/// in any file under Tests/. The tables whose rules are one parameterized test each (C, P, S) list
/// their rows in code instead.
public enum RuleTable {
    /// The ids of the table rows in `document` (a path from the package's root) that start with
    /// `prefix` and a digit (`| W12 | ...`), in the document's order.
    public static func ids(prefix: String, inDocument document: String) throws -> [String] {
        let text = try String(contentsOfFile: NarratorExecutable.packageRoot + "/" + document, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| " + prefix) else { return nil }
            let id = line.dropFirst(2).prefix { $0 != " " && $0 != "|" }
            guard id.dropFirst(prefix.count).first?.isNumber == true else { return nil }
            return String(id)
        }
    }

    /// The rule ids that tests under Tests/ carry (`@Test("W5: ...")`, the name on the same line or the
    /// next), each with the files of its tests.
    public static func taggedTests(prefix: String) throws -> [String: Set<String>] {
        let root = NarratorExecutable.packageRoot + "/Tests"
        var found: [String: Set<String>] = [:]
        for file in try FileManager.default.subpathsOfDirectory(atPath: root) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for opening in text.ranges(of: "@Test(") {
                let name = text[opening.upperBound...].drop { $0.isWhitespace }
                guard name.hasPrefix("\"" + prefix) else { continue }
                let id = name.dropFirst().prefix { $0 != ":" && $0 != "\"" && !$0.isWhitespace }
                guard id.count > prefix.count, id.dropFirst(prefix.count).allSatisfy(\.isNumber),
                    name.dropFirst(1 + id.count).first == ":"
                else { continue }
                found[String(id), default: []].insert(file)
            }
        }
        return found
    }
}
