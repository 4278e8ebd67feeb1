import Synchronization

/// Everything the synthesis callback needs for one utterance. Lives on the speech thread; the
/// marks it queues read `lastSentence` from the audio thread, hence the mutex.
final class SynthesisContext: Sendable {
    /// Samples quieter than this count as silence when trimming the start (about -54 dBFS).
    static let silenceThreshold: Int16 = 64
    /// Samples kept before the first audible one, so the onset is not cut into a click (~2 ms).
    static let preRollSamples = 44

    /// The volume espeak-ng synthesizes at, whatever the utterance's (espeak-ng's normal one).
    static let synthesisVolume = 100

    let job: SpeechJob
    /// Unicode-scalar offset of the synthesized text within the whole utterance text.
    let offset: Int
    let control: EngineControl
    private let trimming = Atomic<Bool>(true)
    /// Start of the last sentence playback reached, as an offset into the whole text.
    let lastSentence: Mutex<Int>

    init(job: SpeechJob, offset: Int, control: EngineControl) {
        self.job = job
        self.offset = offset
        self.control = control
        self.lastSentence = Mutex(offset)
    }

    /// Scales samples synthesized at `synthesisVolume` to the utterance's volume, saturating at full
    /// scale. (espeak-ng's own volume is nearly linear too: measured, our 50 and 200 are 3-4 % louder.)
    func applyVolume(_ samples: UnsafeMutableBufferPointer<Int16>) {
        let volume = job.utterance.voice.volume
        guard volume != Self.synthesisVolume else { return }
        for index in samples.indices {
            let scaled = Int(samples[index]) * volume / Self.synthesisVolume
            samples[index] = Int16(clamping: scaled)
        }
    }

    var shouldAbort: Bool { control.abortCurrent.load(ordering: .relaxed) }

    var isTrimming: Bool {
        get { trimming.load(ordering: .relaxed) }
        set { trimming.store(newValue, ordering: .relaxed) }
    }
}
