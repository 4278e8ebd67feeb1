/// The queue between the speech thread and the audio thread: PCM and markers, in order.
/// Not thread-safe by itself; `PCAudioSink` guards it with its condition.
struct SinkQueue {
    enum Item {
        case pcm([Int16])
        case mark(@Sendable (Bool) -> Void)
        case finish(@Sendable (Bool) -> Void)

        func fire(_ reached: Bool) {
            switch self {
            case .pcm: break
            case .mark(let handler), .finish(let handler): handler(reached)
            }
        }

        var handler: (@Sendable (Bool) -> Void)? {
            switch self {
            case .pcm: return nil
            case .mark(let handler), .finish(let handler): return handler
            }
        }
    }

    private var items: [Item] = []
    private var head = 0
    private(set) var queuedSamples = 0
    var interrupted = false
    var closed = false
    /// Counts interrupts. PCM the audio thread took off the queue before an interrupt must not be
    /// played after it, even once `begin` has cleared `interrupted` for the next utterance.
    private(set) var generation = 0

    var isEmpty: Bool { head == items.count }

    mutating func append(_ item: Item) {
        if case .pcm(let samples) = item { queuedSamples += samples.count }
        items.append(item)
    }

    mutating func popFirst() -> Item? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if case .pcm(let samples) = item { queuedSamples -= samples.count }
        // Compact once the consumed prefix dominates, so the array does not grow forever.
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }

    /// Empties the queue and returns the handlers of the markers it held, to be fired with false.
    mutating func removeAll() -> [@Sendable (Bool) -> Void] {
        generation += 1
        let handlers = items[head...].compactMap(\.handler)
        items.removeAll(keepingCapacity: true)
        head = 0
        queuedSamples = 0
        return handlers
    }
}
