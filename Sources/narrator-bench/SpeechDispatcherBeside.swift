import Logging
import NarratorAudio
import NarratorSpeech
import NarratorTestSupport

/// A private PulseAudio recorded from its monitor, a private speech-dispatcher playing into it,
/// and a mixer on it for the narrator's own speech: the stage on which `backends` and `ssip` put
/// the two side by side.
struct SpeechDispatcherBeside {
    let sound: RecordedPulse
    var pulse: PrivatePulseAudio { sound.pulse }
    var recorder: MonitorRecorder { sound.recorder }
    let dispatcher: PrivateSpeechDispatcher
    let mixer: Mixer

    init(engine: SpeechEngine, logger: Logger) throws {
        sound = try RecordedPulse()
        do {
            let opener = try AudioOutput.device(.pulse).opener(sampleRate: engine.sampleRate, pulseServer: sound.server)
            dispatcher = try PrivateSpeechDispatcher.start(playingInto: sound.pulse)
            mixer = Mixer(opener: opener, sampleRate: engine.sampleRate, logger: logger)
        } catch {
            sound.stop()
            throw error
        }
    }

    /// Stops everything, in the reverse order of its start.
    func stop() {
        mixer.close()
        dispatcher.stop()
        sound.stop()
    }
}
