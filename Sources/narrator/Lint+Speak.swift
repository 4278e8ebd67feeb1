import ArgumentParser
import NarratorAudio
import NarratorSpeech

extension Lint {
    /// Where `--speak` sends speech: nil without `--speak`. Throws a usage error for `--speak`
    /// without `--preview`, speech options without `--speak`, an unknown output, or (with
    /// `--speak`) a locale that is not a BCP-47 tag.
    func speechOutput() throws -> AudioOutput? {
        guard preview != nil || !speak else { throw LintUsageError("--speak needs --preview KEY") }
        guard speak else {
            guard output == nil, espeakData == nil else {
                throw LintUsageError("--output and --espeak-data need --speak")
            }
            return nil
        }
        do {
            // Only speech needs a well-formed tag; the preview alone renders any locale (by fallback).
            try locales.forEach { _ = try LanguageTag(parsing: $0) }
            return try AudioOutput.parsing(output ?? "auto")
        } catch let error as ValidationError {
            throw LintUsageError(error.message)
        } catch {
            throw LintUsageError("--locale: \(error)")
        }
    }

    /// Prints the preview; with an output, speaks each rendered line after printing it and waits
    /// for it to be heard before the next. Exits 1 when a rendering failed.
    func show(_ lines: [LintPreview.Line], speakingTo output: AudioOutput?) async throws {
        var session = try output.map {
            try SpeechSession(output: $0, espeakData: espeakData, logger: CommandLogger.make())
        }
        defer { session?.close() }
        for line in lines {
            print(line.printed)
            if let speech = line.speech {
                try await session?.say(speech.text, voice: VoiceSettings(locale: speech.locale))
            }
        }
        if lines.contains(where: \.failed) { throw ExitCode(1) }
    }
}
