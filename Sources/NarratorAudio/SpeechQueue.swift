/// The speech stream waiting to be mixed: PCM and marks of the utterance being spoken, in order.
/// Not thread-safe by itself; the mixer guards it with its lock.
struct SpeechQueue {
    enum Item {
        case pcm([Int16])
        case mark(@Sendable (Bool) -> Void)
        case finish(@Sendable (PlaybackResult) -> Void)
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

    /// Takes up to `count` frames into `out` starting at `start`, calling `reached` with the frame
    /// offset (from `start`) of every mark and finish passed on the way. Returns the frames taken.
    mutating func take(
        into out: UnsafeMutableBufferPointer<Int32>, start: Int, count: Int, reached: (Int, Item) -> Void
    ) -> Int {
        var taken = 0
        while head < items.count {
            switch items[head] {
            case .pcm(let samples):
                guard taken < count else { return taken }
                let n = min(count - taken, samples.count - offset)
                for i in 0..<n { out[start + taken + i] = Int32(samples[offset + i]) }
                taken += n
                offset += n
                queuedFrames -= n
                guard offset == samples.count else { return taken }
            case .mark, .finish:
                reached(taken, items[head])
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
        let left = items[head...].filter { if case .pcm = $0 { false } else { true } }
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
        case .pcm: break
        case .mark(let handler): handler(result == .played)
        case .finish(let handler): handler(result)
        }
    }
}
