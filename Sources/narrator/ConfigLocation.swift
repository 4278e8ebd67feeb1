import ArgumentParser
import FoundationEssentials
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

    /// The daemon's own checks: the speech system's voices, the outputs `--output` takes.
    static func checks(voices: any VoiceCatalog) -> ConfigChecks {
        ConfigChecks(voices: voices) { output in
            AudioOutput(argument: output) == nil ? "unknown output \"\(output)\"; use one of: \(AudioOutput.help)" : nil
        }
    }

    static let help = """
        The configuration file (default: $XDG_CONFIG_HOME/narrator/config, else ~/.config/narrator/config; \
        docs/CONFIG.md).
        """
}
