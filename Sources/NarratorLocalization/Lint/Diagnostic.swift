public import NarratorJSON

/// One finding of `narrator lint`: where, which rule, which key and language, and what to do.
///
/// Printed as `path:line: error|warning: [rule] key (lang): message`, the shape editors and CI
/// logs already understand.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    public var severity: Severity
    public var rule: LintRule
    /// The file, as the user named it.
    public var path: String
    public var line: Int
    public var column: Int?
    public var key: String?
    public var language: String?
    /// What is wrong and how to fix it.
    public var message: String
    /// What the finding is about, for a table's allow list (`AllowList`): the text that equals the
    /// source, the abbreviation, the grouped number, the tag. Not part of the output.
    var subjects: [String] = []

    private enum CodingKeys: String, CodingKey {
        case severity, rule, path, line, column, key, language, message
    }

    public init(
        _ rule: LintRule, path: String, position: SourcePosition?, key: String? = nil, language: String? = nil,
        message: String, subjects: [String] = []
    ) {
        self.severity = rule.defaultSeverity
        self.rule = rule
        self.path = path
        self.line = position?.line ?? 1
        self.column = position?.column
        self.key = key
        self.language = language
        self.message = message
        self.subjects = subjects
    }

    public var description: String {
        var subject = ""
        if let key {
            subject = key + (language.map { " (\($0))" } ?? "") + ": "
        } else if let language {
            subject = "(\(language)): "
        }
        return "\(path):\(line): \(severity.rawValue): [\(rule.rawValue)] \(subject)\(message)"
    }

    /// Sorting for output: by file, then line, then rule.
    static func ordered(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        (lhs.path, lhs.line, lhs.column ?? 0, lhs.rule.rawValue, lhs.language ?? "")
            < (rhs.path, rhs.line, rhs.column ?? 0, rhs.rule.rawValue, rhs.language ?? "")
    }
}
