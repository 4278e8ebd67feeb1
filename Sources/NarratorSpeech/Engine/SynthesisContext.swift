import NarratorVoice
import Synchronization

/// Everything the synthesis callback needs for one request. Lives on the speech thread; the
/// marks it queues read `lastSentence` from the audio thread, hence the mutex.
final class SynthesisContext: Sendable {
    /// Samples quieter than this count as silence when trimming the start (about -54 dBFS).
    static let silenceThreshold: Int16 = 64
    /// Samples kept before the first audible one, so the onset is not cut into a click (~2 ms).
    static let preRollSamples = 44

    /// The volume espeak-ng synthesizes at, whatever the utterance's (espeak-ng's normal one).
    static let synthesisVolume = 100

    let job: SpeechJob
    /// Unicode-scalar offset of the synthesized text within the request's whole text.
    let offset: Int
    /// The text as synthesized, with the way back from its positions to the text's own.
    let spoken: SpokenText
    let control: EngineControl
    private let trimming = Atomic<Bool>(true)
    /// Start of the last sentence playback reached, as an offset into the whole text.
    let lastSentence: Mutex<Int>

    init(job: SpeechJob, offset: Int, spoken: SpokenText, control: EngineControl) {
        self.job = job
        self.offset = offset
        self.spoken = spoken
        self.control = control
        self.lastSentence = Mutex(offset)
    }

    /// Scales samples synthesized at `synthesisVolume` down to a volume below it. A volume above it
    /// is not applied here: twice espeak-ng's peaks do not fit in 16 bits, so the samples stay as
    /// made and the sink takes the rest as a gain (`sinkGain`), which the mixer applies before its
    /// limiter: loud speech is limited, never clipped. (espeak-ng's own volume is nearly linear too:
    /// measured, our 50 and 200 are 3-4 % louder.)
    func applyVolume(_ samples: UnsafeMutableBufferPointer<Int16>) {
        let volume = job.request.voice.volume
        guard volume < Self.synthesisVolume else { return }
        for index in samples.indices {
            samples[index] = Int16(Int(samples[index]) * volume / Self.synthesisVolume)
        }
    }

    /// The gain over the samples the sink is given: the volume above `synthesisVolume`, else 1.
    static func sinkGain(volume: Int) -> Double {
        volume > synthesisVolume ? Double(volume) / Double(synthesisVolume) : 1
    }

    var shouldAbort: Bool { control.abortCurrent.load(ordering: .relaxed) }

    var isTrimming: Bool {
        get { trimming.load(ordering: .relaxed) }
        set { trimming.store(newValue, ordering: .relaxed) }
    }

    /// One chunk of synthesis, in or out of process: its sentence starts (espeak-ng's text
    /// positions) and SSML marks become sink marks, then its samples (leading silence trimmed, the volume applied
    /// in place) go to the sink. Returns false when synthesis should stop (a stop, or the sink
    /// refused the samples).
    func deliver(_ samples: UnsafeMutableBufferPointer<Int16>, sentenceStarts: [Int], marks: [String] = []) -> Bool {
        if shouldAbort { return false }
        for textPosition in sentenceStarts { queueSentence(textPosition: textPosition) }
        for name in marks { queueMark(name) }
        guard !samples.isEmpty, let base = samples.baseAddress else { return true }
        var start = 0
        if isTrimming {
            // The first chunks of a phrase hold 0-50 ms of synthesized silence: skip it so the first
            // audible sample leaves at once.
            guard let onset = samples.firstIndex(where: { abs(Int($0)) > Int(Self.silenceThreshold) }) else {
                return true
            }
            start = max(0, onset - Self.preRollSamples)
            isTrimming = false
        }
        let chunk = UnsafeMutableBufferPointer(start: base + start, count: samples.count - start)
        applyVolume(chunk)
        let written = job.sink.write(UnsafeBufferPointer(chunk))
        return written && !shouldAbort
    }

    /// An SSML mark as a sink mark, reported when it is heard.
    private func queueMark(_ name: String) {
        let id = job.id
        let observer = job.observer
        job.sink.mark { reached in
            if reached { observer(.mark(id, name: name)) }
        }
    }

    /// A sentence start as a sink mark, reported when it is heard.
    private func queueSentence(textPosition: Int) {
        // An SSML text's positions count its markup: it is only ever spoken from its start.
        guard !job.request.ssml else { return }
        // text_position counts characters from 1; ours are 0-based offsets into the whole text.
        let position = offset + spoken.originalPosition(of: max(0, textPosition - 1))
        let id = job.id
        let observer = job.observer
        job.sink.mark { [self] reached in
            guard reached else { return }
            lastSentence.withLock { $0 = position }
            observer(.sentence(id, position: position))
        }
    }
}
