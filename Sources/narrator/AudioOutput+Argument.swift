import ArgumentParser
import NarratorAudio
import NarratorSpeech

extension AudioOutput {
    /// Parses an `--output` value; the error names the value and lists the choices.
    static func parsing(_ argument: String) throws(ValidationError) -> AudioOutput {
        guard let output = AudioOutput(argument: argument) else {
            throw ValidationError("Unknown output \"\(argument)\"; use one of: \(AudioOutput.help).")
        }
        return output
    }
}
