import FoundationEssentials

/// The player's configuration file, `$XDG_CONFIG_HOME/narrator/config` (else
/// `~/.config/narrator/config`), and the options of one `narrator serve` run over it: what the
/// daemon's defaults are, worked out at start and again on SIGHUP (docs/CONFIG.md).
public struct UserConfig: Sendable {
    /// The file; it need not exist.
    public let path: String
    /// `narrator serve`'s own settings for this run, with the option each came from (`--rate`).
    public let commandLine: [(key: ConfigKey, value: String, option: String)]
    public let checks: ConfigChecks

    public init(
        path: String, commandLine: [(key: ConfigKey, value: String, option: String)] = [], checks: ConfigChecks
    ) {
        self.path = path
        self.commandLine = commandLine
        self.checks = checks
    }

    /// Where the file is for `environment`: under `XDG_CONFIG_HOME` when it is an absolute path,
    /// else under `~/.config` (the XDG base directory specification); nil without either.
    public static func standardPath(environment: [String: String]) -> String? {
        if let folder = environment["XDG_CONFIG_HOME"], folder.hasPrefix("/") { return folder + "/narrator/config" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/narrator/config"
    }

    /// What was read, for the daemon to take as a whole.
    public struct Loaded: Sendable {
        public let defaults: DaemonDefaults
        /// Values taken with a remark (a locale with no voice of its own), each with its place.
        public let warnings: [String]
        /// Whether the file exists; without it the built-in values stand.
        public let fileExists: Bool

        /// One line for the log: what was taken, and from where.
        public func summary(path: String) -> String {
            let chosen = defaults.settings.filter { defaults.origin(of: $0.key) != .builtIn }.map { setting in
                switch defaults.origin(of: setting.key) {
                case .file(_, let line): "\(setting.key) \(setting.value) (line \(line))"
                default: "\(setting.key) \(setting.value) (\(defaults.origin(of: setting.key)))"
                }
            }
            let source = fileExists ? "Settings of \(path)" : "No settings file at \(path)"
            return chosen.isEmpty
                ? "\(source): the built-in voice for every setting"
                : "\(source): \(chosen.joined(separator: ", ")); the rest built in"
        }
    }

    /// Reads the file and checks every value in it, then takes the command line's over it. A
    /// missing file holds no settings; one that cannot be read, or any line that is not right,
    /// is an error naming its line, and nothing of the file is taken. `readingFile` false takes
    /// the built-in values and the command line's alone (the daemon's start with a broken file).
    public func load(readingFile: Bool = true) throws(ConfigError) -> Loaded {
        var defaults = DaemonDefaults.builtIn
        var warnings: [String] = []
        let file = readingFile ? try Self.read(path) : nil
        for entry in try (file ?? ConfigFile(text: "")).entries(path: path) {
            let place = ConfigError.Place.file(path: path, line: entry.line)
            do {
                let warning = try defaults.take(
                    entry.key, entry.value, from: .file(path: path, line: entry.line), checks: checks)
                if let warning { warnings.append(ConfigError(place, warning).description) }
            } catch {
                throw ConfigError(place, error.description)
            }
        }
        for setting in commandLine {
            do {
                let warning = try defaults.take(setting.key, setting.value, from: .commandLine, checks: checks)
                if let warning { warnings.append("\(setting.option): \(warning)") }
            } catch {
                throw ConfigError(.option(setting.option), error.description)
            }
        }
        return Loaded(defaults: defaults, warnings: warnings, fileExists: file != nil)
    }

    /// The file at `path`, or nil when there is none.
    public static func read(_ path: String) throws(ConfigError) -> ConfigFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(.wholeFile(path: path), "cannot be read; check its permissions")
        }
        guard let text = String(validating: [UInt8](data), as: UTF8.self) else {
            throw ConfigError(.wholeFile(path: path), "is not UTF-8 text")
        }
        return ConfigFile(text: text)
    }
}
