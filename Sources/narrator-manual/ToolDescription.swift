import FoundationEssentials

/// What `--experimental-dump-help` of an ArgumentParser command prints (serialization version 0),
/// the fields a manual page needs. swift-argument-parser's own `ArgumentParserToolInfo` describes the
/// same JSON but is not one of its products, so the package cannot depend on it.
struct ToolDescription: Decodable, Equatable {
    var serializationVersion: Int
    var command: Command

    /// A command or subcommand.
    struct Command: Decodable, Equatable {
        var commandName: String
        var superCommands: [String]?
        var abstract: String?
        var discussion: String?
        var shouldDisplay: Bool?
        var subcommands: [Command]?
        var arguments: [Argument]?

        /// Every name the command is typed with, from the tool's own name: `narrator serve`.
        var fullName: String { ((superCommands ?? []) + [commandName]).joined(separator: " ") }
        var isShown: Bool { shouldDisplay ?? true }
        var shownSubcommands: [Command] { (subcommands ?? []).filter(\.isShown) }
        var shownArguments: [Argument] { (arguments ?? []).filter(\.isShown) }
    }

    /// An option, a flag or a positional argument.
    struct Argument: Decodable, Equatable {
        enum Kind: String, Decodable { case positional, option, flag }

        struct Name: Decodable, Equatable {
            enum Kind: String, Decodable { case long, short, longWithSingleDash }
            var kind: Kind
            var name: String

            /// The name as typed: `--socket`, `-h`.
            var typed: String {
                switch kind {
                case .long: "--" + name
                case .short, .longWithSingleDash: "-" + name
                }
            }
        }

        var kind: Kind
        var names: [Name]?
        var valueName: String?
        var defaultValue: String?
        var allValues: [String]?
        var isOptional: Bool
        var isRepeating: Bool
        var shouldDisplay: Bool?
        var abstract: String?
        var discussion: String?

        var isShown: Bool { shouldDisplay ?? true }
        /// Short names first, as `--help` lists them: `-h, --help`.
        var typedNames: [String] {
            (names ?? []).sorted { ($0.kind == .short ? 0 : 1) < ($1.kind == .short ? 0 : 1) }.map(\.typed)
        }
        /// `--help` and `--version`, which every command of a tool takes alike.
        var isStandardFlag: Bool {
            kind == .flag && (names ?? []).contains { $0.kind == .long && ($0.name == "help" || $0.name == "version") }
        }
    }

    /// The JSON of `--experimental-dump-help`.
    static func decode(_ bytes: [UInt8]) throws -> ToolDescription {
        try JSONDecoder().decode(ToolDescription.self, from: Data(bytes))
    }
}
