import NarratorVoice
import NarratorWire

/// The speech engine's way into the mixer: an `AudioSink` whose samples become the mixer's
/// speech stream. Interrupting it drops speech only; earcons sounding go on.
final class SpeechChannel: AudioSink {
    /// Speech queued ahead of the device before the speech thread waits (an interrupt wakes it).
    static let capacitySeconds = 10
    let mixer: Mixer
    var name: String { mixer.outputName }

    init(mixer: Mixer) {
        self.mixer = mixer
    }

    func begin(utterance id: UInt64, pan: Pan, gain: Double) {
        mixer.withState { $0.beginSpeech(id, pan: pan, gain: gain) }
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        let capacity = mixer.sampleRate * Self.capacitySeconds
        return mixer.withStateWaiting { state in
            if state.speech.isRefusing || state.closed { return false }
            if state.speech.queuedFrames + samples.count > capacity { return nil }
            state.speech.append(.pcm(Array(samples)))
            return true
        }
    }

    func mark(_ handler: @escaping @Sendable (Bool) -> Void) {
        enqueue(.mark(handler))
    }

    /// Queues the utterance's end, and gives the utterance its deadline: the audio still queued,
    /// what the writer may hold ahead of it, and a grace (docs/AUDIO.md, "A started utterance always
    /// ends").
    func finish(_ handler: @escaping @Sendable (PlaybackResult) -> Void) {
        // In the same turn of the lock as the finish itself: set after it, the writer could have
        // heard the finish already, and the deadline would outlive it and fail the next utterance.
        enqueue(.finish(handler)) { state in
            let ahead = state.speech.queuedFrames + mixer.machineSettings.maximumLeadFrames
            state.speechDue = .now + mixer.duration(of: ahead) + Mixer.speechGrace
        }
    }

    func interrupt(utterance id: UInt64) {
        let dropped = mixer.withState { state -> [SpeechQueue.Item] in
            guard state.speech.utterance == id, !state.speech.isRefusing else { return [] }
            state.speech.interrupted = true
            let items = state.waitingToBeHeard.map(\.item) + state.speech.removeAll()
            state.waitingToBeHeard.removeAll()
            state.speechDue = nil
            // The writer drops what the device still holds of it, on its own thread.
            if state.speechEnd > 0 {
                state.cutRequested = true
                state.cutUtterance = id
            }
            return items
        }
        for item in dropped { item.settle(.interrupted) }
    }

    /// Queues a mark or finish and runs `queued` with it, under one lock; or settles it at once
    /// when the queue refuses it.
    private func enqueue(_ item: SpeechQueue.Item, queued: (inout MixerState) -> Void = { _ in }) {
        let refused: PlaybackResult? = mixer.withState { state in
            if let failure = state.speech.failure { return .failed(failure) }
            if state.speech.interrupted { return .interrupted }
            if state.closed { return .failed("the audio output was closed") }
            state.speech.append(item)
            queued(&state)
            return nil
        }
        if let refused { item.settle(refused) }
    }
}
