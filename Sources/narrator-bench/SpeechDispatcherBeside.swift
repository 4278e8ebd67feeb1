import Logging
import NarratorAudio
import NarratorSpeech
import NarratorTestSupport

/// A private PulseAudio recorded from its monitor, a private speech-dispatcher playing into it,
/// and a mixer on it for the narrator's own speech: the stage on which `backends` and `ssip` put
/// the two side by side.
struct SpeechDispatcherBeside {
    let pulse: PrivatePulseAudio
    let recorder: MonitorRecorder
    let dispatcher: PrivateSpeechDispatcher
    let mixer: Mixer

    init(engine: SpeechEngine, logger: Logger) throws {
        pulse = try PrivatePulseAudio.start()
        do {
            recorder = try pulse.record()
        } catch {
            pulse.stop()
            throw error
        }
        recorder.waitForSamples(2 * PrivatePulseAudio.sampleRate)
        do {
            let opener = try AudioOutput.device(.pulse).opener(sampleRate: engine.sampleRate, pulseServer: pulse.server)
            dispatcher = try PrivateSpeechDispatcher.start(playingInto: pulse)
            mixer = Mixer(opener: opener, sampleRate: engine.sampleRate, logger: logger)
        } catch {
            recorder.stop()
            pulse.stop()
            throw error
        }
    }

    /// Stops everything, in the reverse order of its start.
    func stop() {
        mixer.close()
        dispatcher.stop()
        recorder.stop()
        pulse.stop()
    }
}
