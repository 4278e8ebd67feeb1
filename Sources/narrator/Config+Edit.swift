import ArgumentParser
import FoundationEssentials
import NarratorServer

extension Config {
    /// `narrator config set NAME VALUE`: one line of the file changed or added, checked first.
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set one setting in your configuration file, keeping its comments and other lines.",
            discussion: """
                NAME is locale (a BCP-47 tag), rate (80-450 words a minute), pitch (0-100), volume (0-200), output \
                (as serve --output takes it), spoken_notices (on: say when a language has no voice, off), ssip (on, off \
                or a socket path: listen for speech-dispatcher's clients, docs/SSIP.md), wine (on or off: open the door \
                for Windows games under Wine, docs/WINE.md) or \
                voice.LANGUAGE (an espeak-ng voice, with an optional variant: voice.pl pl+f3; `narrator voices` and `narrator voices --variants` list them). The value is checked \
                as the daemon checks it, and nothing is written when it is refused. A running daemon takes the \
                change when reloaded (`systemctl --user reload narrator`, or SIGHUP).
                """)

        @Argument(
            help: "The setting: locale, rate, pitch, volume, output, spoken_notices, ssip, wine or voice.LANGUAGE.")
        var name: String

        @Argument(help: "Its value.")
        var value: String

        @OptionGroup var options: ConfigOptions

        func run() throws {
            let key = try ConfigEdit.key(name)
            let path = try options.path
            let voices = ConfigVoices(espeakData: options.espeakData)
            defer { voices.close() }
            var defaults = DaemonDefaults.builtIn
            do {
                let warning = try defaults.take(
                    key, value, from: .commandLine, checks: ConfigLocation.checks(voices: voices))
                if let warning { StandardStreams.printError("narrator: warning: \(warning)") }
            } catch {
                throw ConfigFailure("\(key) \(value) is refused, nothing was written: \(error)")
            }
            var file = try ConfigEdit.read(path) ?? ConfigFile(text: "")
            file.set(key, to: value)
            try ConfigEdit.write(file, to: path, voices: voices)
            print("\(key) \(value) (\(path)\(file.line(of: key).map { ":\($0)" } ?? ""))")
        }
    }

    /// `narrator config reset NAME`: the setting's line removed, so the built-in value applies.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove one setting from your configuration file, so the built-in value applies.",
            discussion: """
                Every line that sets NAME is removed; comments and other lines stay. A running daemon takes the \
                change when reloaded (`systemctl --user reload narrator`, or SIGHUP).
                """)

        @Argument(
            help: "The setting: locale, rate, pitch, volume, output, spoken_notices, ssip, wine or voice.LANGUAGE.")
        var name: String

        @OptionGroup var options: ConfigOptions

        func run() throws {
            let key = try ConfigEdit.key(name)
            let path = try options.path
            let builtIn = DaemonDefaults.builtIn.settings.first { $0.key == key }?.value
            let now = builtIn.map { "built-in: \($0)" } ?? "the language's own voice"
            guard var file = try ConfigEdit.read(path), file.remove(key) else {
                print("\(key) is not set in \(path) (\(now))")
                return
            }
            let voices = ConfigVoices(espeakData: options.espeakData)
            defer { voices.close() }
            try ConfigEdit.write(file, to: path, voices: voices)
            print("\(key) removed from \(path) (\(now))")
        }
    }
}

/// What `set` and `reset` share: the name read, the file read and written.
enum ConfigEdit {
    static func key(_ name: String) throws(ValidationError) -> ConfigKey {
        guard let key = ConfigKey(name: name) else {
            throw ValidationError(
                "Unknown setting \"\(name)\"; use locale, rate, pitch, volume, output, spoken_notices, ssip, wine or voice.LANGUAGE (voice.pl)."
            )
        }
        return key
    }

    static func read(_ path: String) throws -> ConfigFile? {
        do {
            return try UserConfig.read(path)
        } catch {
            throw ConfigFailure("\(error)")
        }
    }

    /// Writes the file whole, by renaming a new one over it (a daemon reloading meanwhile reads the
    /// old or the new, never half), then says if another line still keeps the daemon from taking it.
    static func write(_ file: ConfigFile, to path: String, voices: ConfigVoices) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url, options: .atomic)
        } catch {
            throw ConfigFailure("\(path) could not be written: \(error)")
        }
        do {
            _ = try UserConfig(path: path, checks: ConfigLocation.checks(voices: voices)).load()
        } catch {
            StandardStreams.printError(
                "narrator: warning: the file still has a problem, and the daemon keeps its last good settings until it is fixed: \(error)"
            )
        }
    }
}
