public import NarratorJSON

/// What a table's translators allow: lint warnings they have looked at and decided are right, with
/// their reason, kept in `<Table>.lint.json` beside `<Table>.xcstrings` (docs/LOCALIZATION.md).
///
/// ```json
/// { "allow" : [
///   { "rule" : "identical-to-source", "text" : "Tutorial", "languages" : [ "de", "it" ],
///     "reason" : "the same word in German and Italian" }
/// ] }
/// ```
///
/// An entry names a warning rule and at least a `key` or a `text` (what the finding is about: the
/// whole text for identical-to-source, the word for abbreviation, the number for digit-grouping,
/// the tag for markup); `languages` narrows it (`pt` covers `pt-BR` and `pt-PT`). Errors cannot be
/// allowed: they make a table speak wrong text or nothing.
public struct AllowList: Sendable {
    /// One allowance, as written.
    public struct Entry: Sendable {
        public var rule: LintRule
        public var key: String?
        public var text: String?
        /// Empty: every language.
        public var languages: [String]
        public var reason: String
        /// Where the entry starts in the allow-list file.
        public var position: SourcePosition
    }

    /// The file's path as the user will recognize it.
    public var path: String
    public var entries: [Entry]

    /// The file name that goes with a table: `Game.lint.json` for `Game.xcstrings`.
    public static func path(forTable table: String) -> String { ProfileLayout.allowList(forTable: table) }

    /// The allow list's file name alone, for messages: `Game.lint.json`.
    public static func fileName(forTable table: String) -> String {
        let path = path(forTable: table)
        return path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    public init(path: String, entries: [Entry] = []) {
        self.path = path
        self.entries = entries
    }

    /// Reads an allow list; every problem in it is an `allow-list` diagnostic at its line, and the
    /// entries that can be read are kept.
    public static func parse(path: String, bytes: [UInt8]) -> (list: AllowList, problems: [Diagnostic]) {
        var list = AllowList(path: path)
        var problems: [Diagnostic] = []
        func problem(_ position: SourcePosition, _ message: String) {
            problems.append(Diagnostic(.allowList, path: path, position: position, message: message))
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            problem(error.position, error.description)
            return (list, problems)
        }
        guard case .object(let top) = root.value, let allow = top.first(where: { $0.key == "allow" }),
            case .array(let items) = allow.value.value
        else {
            problem(root.position, "an allow list is an object with an \"allow\" array: {\"allow\" : [ ... ]}")
            return (list, problems)
        }
        for member in top where member.key != "allow" {
            problem(member.keyPosition, "unknown member \"\(member.key)\": an allow list has only \"allow\"")
        }
        for item in items {
            switch entry(item) {
            case .success(let entry): list.entries.append(entry)
            case .failure(let message): problem(message.position, message.text)
            }
        }
        return (list, problems)
    }

    private struct Problem: Error {
        var position: SourcePosition
        var text: String
    }

    private static let members: Set<String> = ["rule", "key", "text", "languages", "reason"]

    private static func entry(_ node: JSONNode) -> Result<Entry, Problem> {
        guard case .object(let fields) = node.value else {
            return .failure(
                Problem(position: node.position, text: "each allowance is an object with a rule and a reason"))
        }
        func string(_ name: String) -> Result<String?, Problem> {
            guard let member = fields.last(where: { $0.key == name }) else { return .success(nil) }
            guard case .string(let text) = member.value.value, !text.trimmingWhitespace().isEmpty else {
                return .failure(
                    Problem(position: member.value.position, text: "\"\(name)\" must be a non-empty string"))
            }
            return .success(text)
        }
        if let unknown = fields.first(where: { !members.contains($0.key) }) {
            return .failure(
                Problem(
                    position: unknown.keyPosition,
                    text: "unknown member \"\(unknown.key)\": an allowance has rule, key, text, languages and reason"))
        }
        do {
            guard let ruleName = try string("rule").get() else {
                return .failure(Problem(position: node.position, text: "the allowance names no \"rule\""))
            }
            let warnings = LintRule.allCases.filter { $0.defaultSeverity == .warning && $0.isAllowable }
            guard let rule = LintRule(rawValue: ruleName), warnings.contains(rule) else {
                let known = warnings.map(\.rawValue).joined(separator: ", ")
                let why =
                    LintRule(rawValue: ruleName) == nil
                    ? "is not a lint rule" : "cannot be allowed (errors make a table speak wrong text or nothing)"
                return .failure(Problem(position: node.position, text: "\"\(ruleName)\" \(why): allow one of \(known)"))
            }
            guard let reason = try string("reason").get() else {
                return .failure(
                    Problem(position: node.position, text: "the allowance gives no \"reason\": say why it is right"))
            }
            let key = try string("key").get()
            let text = try string("text").get()
            guard key != nil || text != nil else {
                return .failure(
                    Problem(
                        position: node.position,
                        text: "the allowance names neither a \"key\" nor a \"text\": a rule cannot be switched off"))
            }
            var languages: [String] = []
            if let member = fields.last(where: { $0.key == "languages" }) {
                guard case .array(let list) = member.value.value, !list.isEmpty else {
                    return .failure(
                        Problem(
                            position: member.value.position, text: "\"languages\" must be a list like [\"de\", \"it\"]")
                    )
                }
                for language in list {
                    guard case .string(let tag) = language.value, !tag.isEmpty else {
                        return .failure(
                            Problem(position: language.position, text: "a language is a tag like \"pt-BR\""))
                    }
                    languages.append(tag)
                }
            }
            return .success(
                Entry(rule: rule, key: key, text: text, languages: languages, reason: reason, position: node.position))
        } catch {
            return .failure(error)
        }
    }

    /// The index of the first entry that allows a finding, if any. A finding about several texts
    /// (`subjects`) is allowed when each of them is.
    func allowance(for diagnostic: Diagnostic) -> [Int]? {
        guard diagnostic.severity == .warning else { return nil }
        let subjects = diagnostic.subjects.isEmpty ? [nil] : diagnostic.subjects.map(Optional.some)
        var used: [Int] = []
        for subject in subjects {
            guard
                let index = entries.indices.first(where: {
                    entries[$0].allows(diagnostic, subject: subject)
                })
            else { return nil }
            used.append(index)
        }
        return used
    }
}

extension AllowList.Entry {
    func allows(_ diagnostic: Diagnostic, subject: String?) -> Bool {
        guard rule == diagnostic.rule else { return false }
        if let key, key != diagnostic.key { return false }
        if let text, text != subject?.trimmingWhitespace() { return false }
        guard !languages.isEmpty else { return true }
        guard let language = diagnostic.language.map(LocaleIdentifier.init) else { return false }
        return languages.contains { tag in
            let allowed = LocaleIdentifier(tag)
            return allowed.matches(language)
                || (!allowed.normalized.contains("-") && allowed.language == language.language)
        }
    }
}
