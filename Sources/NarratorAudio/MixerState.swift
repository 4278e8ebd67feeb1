import NarratorVoice
import NarratorWire

/// What the mixer's writer thread and its callers share, guarded by the mixer's lock.
///
/// Mixing rule (docs/AUDIO.md): speech as the engine made it (placed by the pan law in stereo),
/// plus every earcon sounding at its own gain (its client's effects volume), through one peak
/// limiter (`Limiter`, linked across channels). A sum that fits in 16 bits is written as it is, so
/// speech alone keeps its full loudness; one that would not fit is turned down, so speech plus a
/// chord never clips, and nothing ever wraps. Frames are `channels` samples, interleaved.
struct MixerState {
    struct EarconVoice {
        /// Interleaved in the mixer's channels, placed already (the sound book renders them so).
        let samples: [Int16]
        /// What each sample is multiplied by: 1 plays it as rendered.
        var gain = 1.0
        var position = 0
        /// Not yet in anything written: while audio waits ahead of it, the writer may mix it into
        /// that audio (`rewrite`) rather than after it.
        var isNew = true
        /// When it was asked for, until its first audible sample is mixed (then nil), and which
        /// sample that is (nil: it is silent): its hearing is timed from there (W19).
        var requested: ContinuousClock.Instant?
        var onset: Int?

        init(samples: [Int16], gain: Double = 1, position: Int = 0, requested: ContinuousClock.Instant? = nil) {
            self.samples = samples
            self.gain = gain
            self.position = position
            self.requested = requested
            self.onset = samples.firstIndex { $0 != 0 }
        }

        /// The edge of its first audible sample, if it lies among the `count` samples taken from
        /// `position` into the timeline from sample `first` (frame × channels): its frame.
        mutating func onsetFrame(position: Int, count: Int, first: Int, channels: Int) -> Int? {
            guard requested != nil, let onset, onset >= position, onset < position + count else { return nil }
            return (first + onset - position) / channels
        }
    }

    /// An edge of a sound and its frame, for the writer machine to time (W19).
    typealias Edge = (edge: HearingTimes<ContinuousClock.Instant>.Edge, frame: Int)

    var speech = SpeechQueue()
    var earcons: [EarconVoice] = []
    /// Speech marks whose audio was written, waiting to be heard: the device frame each sits at.
    var waitingToBeHeard: [(frame: Int, item: SpeechQueue.Item)] = []
    /// Frames written to the device since it was first opened (less what a cut discarded).
    var written = 0
    /// The frame after the last one that carried speech.
    var speechEnd = 0
    /// The frame after the last audible (non-zero) one written: the burst ends when playback
    /// reaches it. A mark after it has nothing left to hear and settles then (see `Mixer.finishBurst`).
    var audibleUntil = 0
    /// Written audio is still to be heard through (see `Mixer.finishBurst`).
    var burstOpen = false
    var cutRequested = false
    /// The utterance the requested cut stops (its end is timed, W19).
    var cutUtterance: UInt64?
    /// Edges of sounds mixed since the writer last took them (`takeEdges`).
    var edges: [Edge] = []
    /// When the utterance being spoken must have been heard by (set when its finish is queued,
    /// cleared when the finish is settled): past it, the writer gives the output up as lost.
    var speechDue: ContinuousClock.Instant?
    var closed = false
    /// The output's condition and channels; whether it is open and its underruns are the writer
    /// machine's (`Mixer.outputStatus`).
    var output: OutputStatus
    /// The earcon bus of the last frames written, before the limiter, by frame number modulo its
    /// size: what a speech cut writes again (limited) after it drops the device's unheard frames.
    /// Kept per sample (frame × channels + channel).
    var history: [Double]
    /// The speech of the same samples: what an earcon that starts under speech is mixed with again.
    var speechHistory: [Double]
    var speechBus: [Double]
    /// Keeps speech plus earcons within 16 bits; its gain carries from slice to slice.
    var limiter: Limiter
    /// Samples per frame: 2 (left, right) or 1 (mono); 1 also once a stereo output's device found
    /// its sink mono (changed only by `relayout`).
    var channels: Int
    let sampleRate: Int
    /// Whether the output has been tried once (opened or not): its channels are known from then on.
    var outputTried = false

    init(output: OutputStatus, sampleRate: Int, sliceFrames: Int, channels: Int = 1) {
        self.output = output
        self.output.channels = channels
        self.channels = channels
        self.sampleRate = sampleRate
        history = Array(repeating: 0, count: sampleRate / 2 * channels)
        speechHistory = Array(repeating: 0, count: sampleRate / 2 * channels)
        speechBus = Array(repeating: 0, count: sliceFrames * channels)
        limiter = Limiter(sampleRate: sampleRate, channels: channels)
    }

    var hasSound: Bool { speech.hasPCM || !earcons.isEmpty }

    /// An earcon has just started while audio written before it may still wait to be played.
    var earconStarting: Bool { burstOpen && earcons.contains(where: \.isNew) }

    /// Nothing to mix, cut or hear through: the device may be closed after a while.
    var isIdle: Bool { !hasSound && !burstOpen && waitingToBeHeard.isEmpty && !cutRequested }

    /// How many frames the next slice holds, at most `slice`. Speech is never padded with silence:
    /// with no earcon sounding, a slice holds only the speech queued, so no gap opens in the middle
    /// of a phrase still being synthesized, and a phrase ends where it ends.
    func nextSliceLength(_ slice: Int) -> Int {
        guard earcons.isEmpty else { return slice }
        return min(slice, speech.queuedFrames)
    }

    /// The earcon bus's slot of sample `index` of the timeline (frame × channels + channel).
    private func slot(_ index: Int) -> Int { index % history.count }

    /// Frames of silence that pad a burst's end on a real-time device (see `Mixer.finishBurst`).
    mutating func padWithSilence(into out: inout [Int16]) {
        for i in out.indices {
            history[slot(written * channels + i)] = 0
            speechHistory[slot(written * channels + i)] = 0
        }
        // The limiter's release goes on through the silence.
        limiter.limit(Array(repeating: 0, count: out.count), into: &out)
    }

    /// Mixes the next `out.count / channels` frames, starting at frame `written`.
    mutating func mix(into out: inout [Int16]) {
        let start = written
        let count = out.count / channels
        for i in 0..<out.count { speechBus[i] = 0 }
        let channels = channels
        let taken = speechBus.withUnsafeMutableBufferPointer { bus in
            speech.take(into: bus, channels: channels, start: 0, count: count) { offset, item in
                if case .start(let utterance) = item {
                    edges.append((.start(utterance: utterance), start + offset))
                } else {
                    waitingToBeHeard.append((start + offset, item))
                }
            }
        }
        if taken > 0 { speechEnd = start + taken }
        // The earcon bus, one voice at a time over its own run of samples (a stereo slice is twice
        // as many samples: this keeps the work per sample small).
        var bus = [Double](repeating: 0, count: out.count)
        bus.withUnsafeMutableBufferPointer { bus in
            for v in earcons.indices {
                let (position, gain) = (earcons[v].position, earcons[v].gain)
                let n = min(bus.count, earcons[v].samples.count - position)
                guard n > 0 else { continue }
                if let frame = earcons[v].onsetFrame(
                    position: position, count: n, first: start * channels, channels: channels),
                    let requested = earcons[v].requested
                {
                    edges.append((.sound(requested: requested), frame))
                    earcons[v].requested = nil
                }
                earcons[v].samples.withUnsafeBufferPointer { samples in
                    for i in 0..<n { bus[i] += Double(samples[position + i]) * gain }
                }
                earcons[v].position += n
            }
        }
        var sums = bus
        let first = start * channels
        for i in 0..<out.count {
            history[slot(first + i)] = bus[i]
            speechHistory[slot(first + i)] = speechBus[i]
            sums[i] += speechBus[i]
        }
        for v in earcons.indices { earcons[v].isNew = false }
        // A burst that starts after everything written was heard starts after silence: full gain.
        if !burstOpen { limiter.reset() }
        limiter.limit(sums, into: &out)
        for i in 0..<out.count where out[i] != 0 { audibleUntil = start + i / channels + 1 }
        burstOpen = true
        earcons.removeAll { $0.position >= $0.samples.count }
    }

    /// The edges mixed since the last call, for the writer machine (W19).
    mutating func takeEdges() -> [Edge] {
        defer { edges.removeAll() }
        return edges
    }

    /// Marks and finishes at the head of the speech queue with no PCM before them: their audio is
    /// all written, so they wait for the frames written so far to be heard.
    mutating func takeTrailingMarks() {
        let start = written
        _ = speechBus.withUnsafeMutableBufferPointer { bus in
            speech.take(into: bus, start: 0, count: 0) { _, item in
                waitingToBeHeard.append((start, item))
                burstOpen = true
            }
        }
    }

    /// An utterance begins: its place and gain, its start mark, and no deadline (the last
    /// utterance's has no say over this one).
    mutating func beginSpeech(_ id: UInt64, pan: Pan, gain: Double) {
        speech.begin(id)
        speech.append(.place(pan, gain: max(0, gain)))
        speech.append(.start(id))
        speechDue = nil
    }

    /// Removes and returns the waiting marks that playback has reached.
    mutating func heard(upTo played: Int) -> [SpeechQueue.Item] {
        let count = waitingToBeHeard.prefix { $0.frame <= played }.count
        defer { waitingToBeHeard.removeFirst(count) }
        let items = waitingToBeHeard.prefix(count).map(\.item)
        if items.contains(where: \.isFinish) { speechDue = nil }
        return items
    }

    /// What the writer machine needs to know of this state for its next step, with the speaking
    /// utterance's deadline (`speechDue` on the mixer's clock).
    func writerView<Instant>(deadline: Instant?) -> WriterMachine<Instant>.View {
        WriterMachine.View(
            nextSlice: hasSound ? nextSliceLength(speechBus.count / channels) : 0, cutRequested: cutRequested,
            burstOpen: burstOpen, firstWaiting: waitingToBeHeard.first?.frame, deadline: deadline,
            written: written, audibleUntil: audibleUntil, earconStarting: earconStarting, speechEnd: speechEnd,
            cutUtterance: cutUtterance)
    }

    /// Earcons that just started are mixed into the last `frames` written (still waiting to be
    /// played), with the speech those frames hold: returns the frames to write over them (empty
    /// when there is nothing to write: no frames, or no new earcon). The earcons go on from there
    /// in the next slices. The limiter carries on from where it is, a few tens of milliseconds
    /// later than the frames it limits again: close enough for a gain that moves over 50 ms.
    mutating func rewrite(back frames: Int) -> [Int16] {
        let new = earcons.indices.filter { earcons[$0].isNew }
        for v in earcons.indices { earcons[v].isNew = false }
        let frames = min(frames, history.count / channels, written)
        guard frames > 0, !new.isEmpty else { return [] }
        let start = written - frames
        let first = start * channels
        let count = frames * channels
        for v in new {
            let (position, gain) = (earcons[v].position, earcons[v].gain)
            let n = min(count, earcons[v].samples.count - position)
            guard n > 0 else { continue }
            if let frame = earcons[v].onsetFrame(position: position, count: n, first: first, channels: channels),
                let requested = earcons[v].requested
            {
                edges.append((.sound(requested: requested), frame))
                earcons[v].requested = nil
            }
            for i in 0..<n { history[slot(first + i)] += Double(earcons[v].samples[position + i]) * gain }
            earcons[v].position += n
        }
        let sums = (0..<count).map { history[slot(first + $0)] + speechHistory[slot(first + $0)] }
        var out = [Int16](repeating: 0, count: count)
        limiter.limit(sums, into: &out)
        if let last = out.lastIndex(where: { $0 != 0 }) {
            audibleUntil = max(audibleUntil, start + last / channels + 1)
        }
        earcons.removeAll { $0.position >= $0.samples.count }
        return out
    }

    /// A cut dropped the device's last `frames` unheard frames: the timeline goes back by as much,
    /// and what the earcon bus had in them is returned, limited again without the speech, to be
    /// written again (empty if silent).
    mutating func rewind(_ frames: Int) -> [Int16] {
        let frames = min(frames, history.count / channels, written)
        written -= frames
        audibleUntil = min(audibleUntil, written)
        speechEnd = min(speechEnd, written)
        for index in (written * channels)..<((written + frames) * channels) { speechHistory[slot(index)] = 0 }
        let earcons = ((written * channels)..<((written + frames) * channels)).map { history[slot($0)] }
        guard earcons.contains(where: { $0 != 0 }) else { return [] }
        var refill = [Int16](repeating: 0, count: frames * channels)
        limiter.limit(earcons, into: &refill)
        return refill
    }

    /// The output failed: every sound in flight is lost. Returns the speech marks to settle.
    mutating func failInFlight(_ reason: String) -> [SpeechQueue.Item] {
        earcons.removeAll()
        let items = waitingToBeHeard.map(\.item) + speech.removeAll()
        waitingToBeHeard.removeAll()
        speechDue = nil
        // Nothing written can still be heard through a failed device.
        burstOpen = false
        audibleUntil = written
        if speech.utterance != nil && !speech.isRefusing { speech.failure = reason }
        return items
    }
}
