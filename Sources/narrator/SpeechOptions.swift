import ArgumentParser
import NarratorAudio
import NarratorSpeech

/// Voice and output options shared by the commands that speak.
struct SpeechOptions: ParsableArguments {
    @Option(help: "Language of the speech, as a BCP-47 tag (en, en-GB, de, pt-BR, zh-Hans...).")
    var locale = "en"

    @Option(
        help: "Speed in words per minute (\(VoiceSettings.rateRange.lowerBound)-\(VoiceSettings.rateRange.upperBound))."
    )
    var rate = 175

    @Option(
        help:
            "Base pitch (\(VoiceSettings.pitchRange.lowerBound)-\(VoiceSettings.pitchRange.upperBound), 50 is normal).")
    var pitch = 50

    @Option(
        help: "Volume (\(VoiceSettings.volumeRange.lowerBound)-\(VoiceSettings.volumeRange.upperBound), 100 is normal)."
    )
    var volume = 100

    @Option(
        help: ArgumentHelp(
            "Where speech goes: \(AudioOutput.help).",
            discussion:
                "auto tries PulseAudio (or PipeWire's pulse server), then ALSA; without a device it says so and goes on silently."
        ))
    var output = "auto"

    @Option(
        help:
            "Folder holding espeak-ng-data, or the data folder itself, when it is not where espeak-ng looks by default (checked at start: one without voice data is refused)."
    )
    var espeakData: String?

    var voice: VoiceSettings { VoiceSettings(locale: locale, rate: rate, pitch: pitch, volume: volume) }

    var audioOutput: AudioOutput {
        get throws { try AudioOutput.parsing(output) }
    }

    func validate() throws {
        _ = try audioOutput
        do {
            try voice.validate()
        } catch {
            throw ValidationError(error.description)
        }
        do {
            _ = try LanguageTag(parsing: locale)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
