import NarratorVoice
import NarratorWire

/// The speech stream waiting to be mixed: PCM and marks of the utterance being spoken, in order.
/// Not thread-safe by itself; the mixer guards it with its lock.
struct SpeechQueue {
    enum Item {
        case pcm([Int16])
        case mark(@Sendable (Bool) -> Void)
        case finish(@Sendable (PlaybackResult) -> Void)
        /// Where the PCM after it is placed (an utterance's `pan`, queued when it begins, so the
        /// last one's audio still queued keeps its own place), and what it is multiplied by before
        /// the limiter (its volume above the engine's normal one).
        case place(Pan, gain: Double = 1)
        /// An utterance begins (the sink's id for it): `take` reports it at its first audible
        /// sample, not where it is queued, so its hearing can be timed (docs/AUDIO.md, W19).
        case start(UInt64)
    }

    /// The utterance the queue belongs to; an interrupt for another one is ignored.
    var utterance: UInt64?
    /// Set by an interrupt, or by a failure (with its reason): later writes are refused until the
    /// next utterance begins.
    var interrupted = false
    var failure: String?
    private var items: [Item] = []
    private var head = 0
    /// Offset into the first item, when it is PCM partly mixed.
    private var offset = 0
    private(set) var queuedFrames = 0
    /// The pan law's gains of the PCM being taken, times its own gain: the centre's are exactly 1.
    private var gains = Pan.centre.gains
    /// The gain of the PCM being taken, for a mono mix (unplaced).
    private var gain = 1.0
    /// The utterance begun whose first audible sample has not been taken yet.
    private var unheardStart: UInt64?

    var isRefusing: Bool { interrupted || failure != nil }
    var hasPCM: Bool { queuedFrames > 0 }

    mutating func begin(_ id: UInt64) {
        utterance = id
        interrupted = false
        failure = nil
    }

    mutating func append(_ item: Item) {
        if case .pcm(let samples) = item { queuedFrames += samples.count }
        items.append(item)
    }

    /// Takes up to `count` frames into `out` (interleaved in `channels`, 1 or 2) from frame
    /// `start`, calling `reached` with the frame offset (from `start`) of every mark and finish
    /// passed on the way, and of an utterance's start at its first audible (non-zero) sample. In stereo each sample is placed by the pan law; in mono it is unplaced. Either
    /// way it is multiplied by its utterance's gain (1 leaves it as made).
    /// Returns the frames taken.
    mutating func take(
        into out: UnsafeMutableBufferPointer<Double>, channels: Int = 1, start: Int, count: Int,
        reached: (Int, Item) -> Void
    ) -> Int {
        var taken = 0
        while head < items.count {
            switch items[head] {
            case .pcm(let samples):
                guard taken < count else { return taken }
                let n = min(count - taken, samples.count - offset)
                if let utterance = unheardStart,
                    let first = samples[offset..<(offset + n)].firstIndex(where: { $0 != 0 })
                {
                    unheardStart = nil
                    reached(taken + first - offset, .start(utterance))
                }
                if channels == 2 {
                    for i in 0..<n {
                        let sample = Double(samples[offset + i])
                        out[2 * (start + taken + i)] = sample * gains.left
                        out[2 * (start + taken + i) + 1] = sample * gains.right
                    }
                } else {
                    for i in 0..<n { out[start + taken + i] = Double(samples[offset + i]) * gain }
                }
                taken += n
                offset += n
                queuedFrames -= n
                guard offset == samples.count else { return taken }
            case .mark, .finish:
                reached(taken, items[head])
            case .start(let utterance):
                unheardStart = utterance
            case .place(let pan, let gain):
                self.gain = gain
                gains = (pan.gains.left * gain, pan.gains.right * gain)
            }
            advance()
        }
        return taken
    }

    private mutating func advance() {
        head += 1
        offset = 0
        // Compact once the consumed prefix dominates, so the array does not grow forever.
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
    }

    /// Empties the queue; returns the marks and finishes it held, to be told they were not reached.
    mutating func removeAll() -> [Item] {
        let left = items[head...].filter {
            switch $0 {
            case .pcm, .place, .start: false
            case .mark, .finish: true
            }
        }
        unheardStart = nil
        items.removeAll(keepingCapacity: true)
        head = 0
        offset = 0
        queuedFrames = 0
        return left
    }
}

extension SpeechQueue.Item {
    var isFinish: Bool {
        if case .finish = self { return true }
        return false
    }

    /// Tells a mark or finish how its audio ended (PCM has no one to tell).
    func settle(_ result: PlaybackResult) {
        switch self {
        case .pcm, .place, .start: break
        case .mark(let handler): handler(result == .played)
        case .finish(let handler): handler(result)
        }
    }
}
