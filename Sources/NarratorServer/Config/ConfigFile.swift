/// The player's configuration file as text: one `name value` line per setting, `#` comments and
/// blank lines anywhere (docs/CONFIG.md). Read line by line, and edited line by line, so a setting
/// changed by `narrator config set` keeps every comment and every other line as the player wrote it.
public struct ConfigFile: Sendable, Hashable {
    /// The file's lines, without their line breaks.
    public private(set) var lines: [String]

    /// One setting as the file writes it.
    public struct Entry: Sendable, Hashable {
        public let key: ConfigKey
        /// The value as written, without the spaces around it.
        public let value: String
        /// Its line, counting from 1.
        public let line: Int
    }

    public init(text: String) {
        // "\r\n" is one Character in Swift, so both line ends are named.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    /// The file's text, every line ended by a line break.
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// What a new file starts with, before its first setting.
    public static let header = [
        "# Narrator: the player's own speech settings (docs/CONFIG.md). One setting a line: a name, a space",
        "# and the value. Read when the narrator starts and on SIGHUP (`systemctl --user reload narrator`);",
        "# `narrator config` shows what is in effect, `narrator config set NAME VALUE` changes a line.",
    ]

    /// Every setting of the file, in order. The first line that is not a setting, names one the
    /// file does not take, or names one a second time, is an error with its line; values are
    /// checked by `DaemonDefaults`, not here.
    public func entries(path: String) throws(ConfigError) -> [Entry] {
        var entries: [Entry] = []
        var seen: [ConfigKey: Int] = [:]
        for (index, line) in lines.enumerated() {
            let number = index + 1
            guard let (name, value) = Self.split(line) else { continue }
            let place = ConfigError.Place.file(path: path, line: number)
            guard let key = ConfigKey(name: name) else {
                throw ConfigError(place, "unknown setting \"\(name)\"; a file takes \(ConfigKey.allowedNames)")
            }
            if value.hasPrefix("=") {
                throw ConfigError(
                    place, "write \"\(name) \(value.dropFirst().trimmed)\": the name, a space and the value")
            }
            guard !value.isEmpty else { throw ConfigError(place, "\(name) has no value; write \"\(name) VALUE\"") }
            if let first = seen[key] { throw ConfigError(place, "\(key) is set twice (first on line \(first))") }
            seen[key] = number
            entries.append(Entry(key: key, value: value, line: number))
        }
        return entries
    }

    /// Sets `key` to `value`: its line gets the new value (the line's indentation and spelling of
    /// the name stay), or a new line is added at the end. Every other line stays as it was.
    public mutating func set(_ key: ConfigKey, to value: String) {
        if let index = lineIndices(of: key).first {
            let line = lines[index]
            let indentation = line.prefix { $0 == " " || $0 == "\t" }
            let name = line.dropFirst(indentation.count).prefix { $0 != " " && $0 != "\t" }
            lines[index] = "\(indentation)\(name) \(value)"
            return
        }
        if lines.isEmpty { lines = Self.header }
        lines.append("\(key.name) \(value)")
    }

    /// Removes every line that sets `key`, so the setting is the built-in one again; false when
    /// no line set it.
    @discardableResult
    public mutating func remove(_ key: ConfigKey) -> Bool {
        let indices = lineIndices(of: key)
        for index in indices.reversed() { lines.remove(at: index) }
        return !indices.isEmpty
    }

    /// The first line that sets `key`, counting from 1; nil when none does.
    public func line(of key: ConfigKey) -> Int? {
        lineIndices(of: key).first.map { $0 + 1 }
    }

    /// The lines that set `key`, however the file spells it.
    private func lineIndices(of key: ConfigKey) -> [Int] {
        lines.indices.filter { index in
            guard let (name, _) = Self.split(lines[index]) else { return false }
            return ConfigKey(name: name) == key
        }
    }

    /// A setting line's name and value (the rest of the line, trimmed); nil for a blank or comment line.
    private static func split(_ line: String) -> (name: String, value: String)? {
        let content = line.trimmed
        guard !content.isEmpty, !content.hasPrefix("#") else { return nil }
        let name = content.prefix { $0 != " " && $0 != "\t" }
        return (String(name), content.dropFirst(name.count).trimmed)
    }
}

extension StringProtocol {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmed: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
