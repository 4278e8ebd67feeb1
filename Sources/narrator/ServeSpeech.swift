import ArgumentParser
import Logging
import NarratorAudio
import NarratorServer
import NarratorSpeech
import NarratorSpeechDispatcher
import NarratorVoice

/// `serve --speech`: who speaks the announcements.
enum SpeechBackend: String, ExpressibleByArgument, CaseIterable {
    /// Narrator's own libespeak-ng, through its own audio output.
    case espeak
    /// The player's speech-dispatcher, with their synthesizer, voice, rate and audio routing.
    case speechd
}

/// What `narrator serve` speaks and plays through: a speaker behind the seam and the mixer that plays
/// earcons (and espeak-ng's speech), closed together when the daemon stops.
struct ServeSpeech {
    let speaker: any Speaker
    let mixer: Mixer
    let close: () -> Void
    /// The voices SSIP clients may list and choose (`LIST SYNTHESIS_VOICES`): espeak-ng's; none
    /// through speech-dispatcher, which chooses its own.
    var voiceList: [SSIPVoice] = []

    /// The rate earcons are rendered at when espeak-ng is not started (its own rate otherwise).
    static let earconRate = 22050

    /// Starts `backend`. speech-dispatcher that does not answer is said once, on standard error and
    /// in the log, and espeak-ng speaks instead. `output` is asked for the sound output once the
    /// speech system is up, with its voices (the player's configuration is checked against them).
    static func start(
        _ backend: SpeechBackend, espeakData: String?, inProcess: Bool = false, hangLimit: Duration? = nil,
        logger: Logger,
        output: (_ voices: any VoiceCatalog) throws -> AudioOutput
    ) throws -> ServeSpeech {
        if backend == .speechd {
            do {
                let speaker = try SpeechDispatcherSpeaker(logger: logger)
                logger.info(
                    "Speaking through speech-dispatcher",
                    metadata: [
                        "speech.module": "\(speaker.module)", "speech.language": "\(speaker.configured.language)",
                    ])
                let mixer: Mixer
                do {
                    mixer = Mixer(
                        opener: try output(speaker).opener(sampleRate: earconRate), sampleRate: earconRate,
                        logger: logger)
                } catch {
                    speaker.close()
                    throw error
                }
                return ServeSpeech(speaker: speaker, mixer: mixer) {
                    speaker.close()
                    mixer.close()
                }
            } catch let error as SpeechDispatcherError {
                StandardStreams.printError("narrator: \(error) Speaking with espeak-ng instead.")
                logger.warning("speech-dispatcher is not used: \(error)")
            }
        }
        // libespeak-ng runs in a sandboxed child: a text that crashes it costs one announcement.
        let engine: SpeechEngine
        if inProcess {
            engine = try SpeechEngine.shared(dataPath: espeakData, logger: logger)
        } else {
            var process = SynthesizerProcess()
            if let hangLimit { process.hangTimeout = hangLimit }
            engine = try SpeechEngine.isolated(process, dataPath: espeakData, logger: logger)
            logger.info(
                "Speaking with espeak-ng in a sandboxed process (\(engine.synthesizerSandbox ?? ""))",
                metadata: ["synthesizer.pid": "\(engine.synthesizerProcessID ?? 0)"])
        }
        let mixer: Mixer
        do {
            mixer = Mixer(
                opener: try output(EngineVoices(engine: engine, logsFallbacks: false)).opener(
                    sampleRate: engine.sampleRate),
                sampleRate: engine.sampleRate, logger: logger)
        } catch {
            engine.shutdown()
            throw error
        }
        var speech = ServeSpeech(speaker: EngineSpeaker(engine: engine, sink: mixer.speech), mixer: mixer) {
            engine.shutdown()
            mixer.close()
        }
        speech.voiceList = engine.voices.map { SSIPVoice(name: $0.name, language: $0.primaryLanguage) }
        return speech
    }
}
