import FoundationEssentials

/// The result of linting some files, ready to print as text or JSON.
public struct LintReport: Sendable, Hashable, Codable {
    /// How many files were checked.
    public var files: Int
    public private(set) var diagnostics: [Diagnostic]

    /// `strict` reports every warning as an error (`narrator lint --strict`).
    public init(files: Int, diagnostics: [Diagnostic], strict: Bool = false) {
        self.files = files
        self.diagnostics = diagnostics.sorted(by: Diagnostic.ordered).map { diagnostic in
            var copy = diagnostic
            if strict { copy.severity = .error }
            return copy
        }
    }

    public var errorCount: Int { diagnostics.count(where: { $0.severity == .error }) }
    public var warningCount: Int { diagnostics.count(where: { $0.severity == .warning }) }

    /// "2 files checked: 1 error, 3 warnings." or "2 files checked: no problems."
    public var summary: String {
        let checked = "\(files) \(files == 1 ? "file" : "files") checked"
        guard !diagnostics.isEmpty else { return "\(checked): no problems." }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(checked): \(count(errorCount, "error")), \(count(warningCount, "warning"))."
    }

    /// One line per diagnostic, then the summary.
    public var text: String {
        (diagnostics.map(\.description) + [summary]).joined(separator: "\n") + "\n"
    }

    /// `{"files": 2, "errors": 1, "warnings": 0, "summary": "...", "diagnostics": [...]}`.
    public var json: String {
        struct Document: Encodable {
            var files: Int
            var errors: Int
            var warnings: Int
            var summary: String
            var diagnostics: [Diagnostic]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Document(
            files: files, errors: errorCount, warnings: warningCount, summary: summary, diagnostics: diagnostics)
        // Encoding plain strings and integers cannot fail; an empty object would still be valid JSON.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
