import ArgumentParser
import NarratorAudio
import NarratorLocalization
import NarratorServer
import NarratorSpeech

/// Voice and output options of `narrator say`. Each one left out comes from the player's settings
/// file, read as the daemon reads it (docs/CONFIG.md), else from the built-in value.
struct SpeechOptions: ParsableArguments {
    @Option(
        help: "Language of the speech, a BCP-47 tag such as en, en-GB, pt-BR, zh-Hans (default: the file's, else en)."
    )
    var locale: String?

    @Option(
        help:
            "Speed in words per minute (\(VoiceRequest.rateRange.lowerBound)-\(VoiceRequest.rateRange.upperBound); default: the file's, else 175)."
    )
    var rate: Int?

    @Option(
        help:
            "Base pitch (\(VoiceRequest.pitchRange.lowerBound)-\(VoiceRequest.pitchRange.upperBound), 50 is normal; default: the file's, else 50)."
    )
    var pitch: Int?

    @Option(
        help:
            "Volume (\(VoiceRequest.volumeRange.lowerBound)-\(VoiceRequest.volumeRange.upperBound), 100 is normal; default: the file's, else 100)."
    )
    var volume: Int?

    @Option(
        help: ArgumentHelp(
            "Where speech goes: \(AudioOutput.help) (default: the file's, else auto).",
            discussion:
                "auto tries PulseAudio (or PipeWire's pulse server), then ALSA; without a device it says so and goes on silently."
        ))
    var output: String?

    @Option(help: ArgumentHelp(ConfigLocation.help, valueName: "file"))
    var config: String?

    @Option(
        help:
            "Folder holding espeak-ng-data, or the data folder itself, when it is not where espeak-ng looks by default (checked at start: one without voice data is refused)."
    )
    var espeakData: String?

    /// The options given, as the settings they override (checked by `UserConfig` with the file's).
    var commandLineSettings: [(key: ConfigKey, value: String, option: String)] {
        Self.settings(locale: locale, rate: rate, pitch: pitch, volume: volume, output: output)
    }

    /// The speech options of a command line (`say`'s, `serve`'s), as the settings they override.
    static func settings(
        locale: String?, rate: Int?, pitch: Int?, volume: Int?, output: String?
    ) -> [(key: ConfigKey, value: String, option: String)] {
        var settings: [(key: ConfigKey, value: String, option: String)] = []
        locale.map { settings.append((.locale, $0, "--locale")) }
        rate.map { settings.append((.rate, String($0), "--rate")) }
        pitch.map { settings.append((.pitch, String($0), "--pitch")) }
        volume.map { settings.append((.volume, String($0), "--volume")) }
        output.map { settings.append((.output, $0, "--output")) }
        return settings
    }

    func validate() throws {
        if let output { _ = try AudioOutput.parsing(output) }
        do {
            let builtIn = VoiceRequest()
            try VoiceRequest(
                locale: builtIn.locale, rate: rate ?? builtIn.rate, pitch: pitch ?? builtIn.pitch,
                volume: volume ?? builtIn.volume
            )
            .validate()
        } catch {
            throw ValidationError(error.description)
        }
        do {
            if let locale { _ = try LanguageTag(parsing: locale) }
        } catch {
            throw ValidationError(error.description)
        }
    }
}
