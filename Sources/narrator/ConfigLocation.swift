import ArgumentParser
import FoundationEssentials
import Logging
import NarratorAudio
import NarratorServer
import NarratorVoice

/// Where the player's configuration file is, and the checks its values pass: shared by
/// `narrator serve` and `narrator config`, so both read and check the file the same way.
enum ConfigLocation {
    /// `given` (`--config`), else `$XDG_CONFIG_HOME/narrator/config`, else `~/.config/narrator/config`.
    static func path(given: String?) throws(ValidationError) -> String {
        if let given { return given }
        guard let path = UserConfig.standardPath(environment: ProcessInfo.processInfo.environment) else {
            throw ValidationError(
                "Neither XDG_CONFIG_HOME nor HOME is set, so there is no configuration folder; give a file with --config."
            )
        }
        return path
    }

    /// The daemon's own checks: the speech system's voices, the outputs `--output` takes. Without
    /// voices, for a command that speaks nothing (`narrator play`), locales and voices are not looked
    /// up, so reading the file starts no speech engine.
    static func checks(voices: (any VoiceCatalog)?) -> ConfigChecks {
        ConfigChecks(voices: voices) { output in
            AudioOutput(argument: output) == nil ? "unknown output \"\(output)\"; use one of: \(AudioOutput.help)" : nil
        }
    }

    /// The settings file's values with the options over them, as `narrator serve` takes them at
    /// start (for `say` and `play`): a broken file is one warning naming its line, and the built-in
    /// values stand in for it. Its other warnings are left to the engine, which says the one fallback
    /// a phrase takes.
    static func defaults(_ settings: UserConfig, logger: Logger) throws -> DaemonDefaults {
        do {
            return try settings.load().defaults
        } catch {
            if case .option = error.place { throw ValidationError(error.description) }
            let reason = error.description.hasSuffix(".") ? error.description : error.description + "."
            logger.warning("\(reason) Using the built-in settings; `narrator config` shows the file.")
        }
        do {
            return try settings.load(readingFile: false).defaults
        } catch {
            throw ValidationError(error.description)
        }
    }

    static let help = """
        The configuration file (default: $XDG_CONFIG_HOME/narrator/config, else ~/.config/narrator/config; \
        docs/CONFIG.md).
        """
}
