import ArgumentParser
import NarratorAudio
import NarratorLocalization
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
    /// for it to be heard before the next, with a pause between two spoken lines. Exits 1 when a
    /// rendering failed.
    func show(_ lines: [LintPreview.Line], speakingTo output: AudioOutput?) async throws {
        var session = try output.map {
            try SpeechSession(output: $0, espeakData: espeakData, logger: CommandLogger.make())
        }
        defer { session?.close() }
        var spoken = false
        for line in lines {
            print(line.printed)
            if let speech = line.speech, session != nil {
                if spoken { await session?.pause() }
                try await session?.say(speech.text, voice: VoiceRequest(locale: speech.locale))
                spoken = true
            }
        }
        if lines.contains(where: \.failed) { throw ExitCode(1) }
    }
}

extension SpeechSession {
    /// The silence between two lines of `lint --preview --speak`: without it espeak-ng's lines run
    /// into each other and "1 vie" seems to end in the next line's number.
    static let pauseBetweenLines = Duration.milliseconds(600)

    /// The utterance number of a pause, apart from the engine's (which count up from 1).
    private static let pauseUtterance = UInt64.max

    /// Plays `duration` of silence on the speech stream and returns once it has been heard (or the
    /// output failed: there is nothing to pause then). Silence is sound like any other, so a
    /// `wav:` recording has the pause too. Called between utterances, when the speech thread is
    /// not writing.
    func pause(_ duration: Duration = pauseBetweenLines) async {
        let sink = mixer.speech
        let milliseconds = Int(duration / .milliseconds(1))
        let silence = [Int16](repeating: 0, count: mixer.sampleRate * milliseconds / 1000)
        let (heard, continuation) = AsyncStream.makeStream(of: Void.self)
        sink.begin(utterance: Self.pauseUtterance)
        // Far below the speech queue's capacity, and nothing else is queued: this never waits.
        guard silence.withUnsafeBufferPointer({ sink.write($0) }) else { return }
        sink.finish { _ in
            continuation.yield()
            continuation.finish()
        }
        for await _ in heard { return }
    }
}
