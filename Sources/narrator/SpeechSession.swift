import ArgumentParser
import Logging
import NarratorAudio
import NarratorSpeech
import NarratorWire

#if canImport(Glibc)
    import Glibc
#endif

/// Speech for one command run: the process's engine and one opened output, used by every command
/// that speaks (`say`, `lint --preview --speak`) and closed together when the command ends.
struct SpeechSession {
    let engine: SpeechEngine
    let mixer: Mixer
    private var nextID: UInt64 = 1

    /// Starts the engine and the mixer on `output`. A device that cannot be opened logs one line,
    /// and each phrase then fails saying why; a WAV file that cannot be created, or missing voices,
    /// throw.
    init(output: AudioOutput, espeakData: String?, logger: Logger) throws {
        try self.init(espeakData: espeakData, logger: logger) { _ in output }
    }

    /// Starts the engine, then asks `output` for the sound output with the engine's voices (the
    /// player's settings are checked against them, as the daemon checks them).
    init(espeakData: String?, logger: Logger, output: (_ voices: any VoiceCatalog) throws -> AudioOutput) throws {
        engine = try SpeechEngine.shared(dataPath: espeakData, logger: logger)
        do {
            let chosen = try output(EngineVoices(engine: engine, logsFallbacks: false))
            mixer = Mixer(
                opener: try chosen.opener(sampleRate: engine.sampleRate), sampleRate: engine.sampleRate, logger: logger)
        } catch {
            engine.shutdown()
            throw error
        }
    }

    /// Speaks `text` and returns once it has been played; throws when it failed.
    mutating func say(_ text: String, voice: VoiceRequest) async throws {
        // Whatever was printed before this phrase should be readable while it is heard.
        fflush(nil)
        let request = SpeechRequest(id: AnnouncementID(rawValue: nextID), text: text, voice: voice)
        nextID += 1
        let last = try await engine.speakAndWait(request, to: mixer.speech)
        guard case .failed(_, let reason) = last else { return }
        // A lost output has said why in one line already: the mixer reports the loss before it
        // fails what was playing.
        if !mixer.status.isWorking { throw ExitCode.failure }
        throw SpeakerError(reason)
    }

    /// Closes the output (a WAV file gets its final header) and stops the engine.
    func close() {
        engine.shutdown()
        mixer.close()
    }
}
