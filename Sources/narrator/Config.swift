import ArgumentParser
import NarratorServer

/// `narrator config`: the player's own settings for the daemon, shown, set and reset (docs/CONFIG.md).
struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or change your speech settings: the voice clients get when they choose none.",
        discussion: """
            The settings live in $XDG_CONFIG_HOME/narrator/config (else ~/.config/narrator/config), a text file of \
            `name value` lines and # comments: locale, rate, pitch, volume, effects_volume, output, spoken_notices, ssip, \
            wine and voice.LANGUAGE. \
            The daemon \
            reads it at start and on SIGHUP (`systemctl --user reload narrator`); `narrator serve` options override \
            it for one run, and a game's own `set` overrides both for its connection. `narrator status` shows the \
            settings a running daemon uses.
            """,
        subcommands: [Show.self, Set.self, Reset.self],
        defaultSubcommand: Show.self)
}

/// The options every `narrator config` command takes.
struct ConfigOptions: ParsableArguments {
    @Option(help: ArgumentHelp(ConfigLocation.help, valueName: "file"))
    var config: String?

    @Option(help: "Folder holding espeak-ng-data, when it is not where espeak-ng looks by default.")
    var espeakData: String?

    var path: String {
        get throws { try ConfigLocation.path(given: config) }
    }
}

extension Config {
    /// `narrator config`: each setting, its value, and where the value comes from.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show each setting, its value and where it comes from (the file's line, or built-in).",
            discussion: """
                One line per setting: its name, its value and, in brackets, the file and line it is set on, or \
                built-in. These are what the daemon takes at its next start or reload; `narrator status` shows \
                what a running daemon uses (with its command-line options over them). A broken file is reported \
                with its line, and the command exits with status 1.
                """)

        @OptionGroup var options: ConfigOptions

        func run() throws {
            let path = try options.path
            let voices = ConfigVoices(espeakData: options.espeakData)
            defer { voices.close() }
            let loaded: UserConfig.Loaded
            do {
                loaded = try UserConfig(path: path, checks: ConfigLocation.checks(voices: voices)).load()
            } catch {
                throw ConfigFailure("\(error)\nFix that line, or `narrator config reset NAME` removes a setting.")
            }
            for warning in loaded.warnings { StandardStreams.printError("narrator: warning: \(warning)") }
            if !loaded.fileExists {
                StandardStreams.printError(
                    "narrator: no file at \(path): every setting is built in; `narrator config set NAME VALUE` makes it."
                )
            }
            for setting in loaded.defaults.settings {
                print("\(setting.key) \(setting.value) (\(loaded.defaults.origin(of: setting.key)))")
            }
        }
    }
}

/// A `narrator config` failure: the message alone, exit status 1.
struct ConfigFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
