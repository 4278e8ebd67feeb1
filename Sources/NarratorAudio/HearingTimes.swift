/// When the edges of sounds were heard (docs/AUDIO.md, W19): the first audible sample of an
/// utterance or an earcon, and the last sample of speech a stop left in the device.
///
/// Nothing here asks the device anything or wakes anyone: the mixer says at which frame of its
/// timeline an edge lies, the writer says when the write that held it went through, and the
/// measures the writer makes anyway (the server's read index plus the latency it reports) say when
/// playback passed it. A measure says where playback stands at that instant, so an edge it has
/// passed was heard as many frames earlier as playback has gone past it; one it has not reached yet
/// waits for the next measure. At a burst's end whatever is left is settled where playback stands.
struct HearingTimes<Instant: InstantProtocol> where Instant.Duration == Swift.Duration {
    /// What an edge belongs to.
    enum Edge: Hashable {
        /// The first audible sample of an utterance (the sink's id for it).
        case start(utterance: UInt64)
        /// The frame after the last sample of an utterance that a stop left to be heard.
        case stop(utterance: UInt64)
        /// The first audible sample of an earcon asked for at `requested`.
        case sound(requested: Instant)
    }

    /// One edge, timed.
    struct Timing: Hashable {
        var edge: Edge
        /// When the write that held it went through (for a stop: when the cut was done).
        var handed: Instant
        /// When playback reached it.
        var heard: Instant
    }

    private struct Waiting {
        var edge: Edge
        var frame: Int
        /// Nil until the write that holds the frame has gone through.
        var handed: Instant?
    }

    let sampleRate: Int
    private var waiting: [Waiting] = []
    /// The most edges kept waiting: a device that never plays must not grow this without end.
    private static var kept: Int { 64 }

    init(sampleRate: Int) {
        self.sampleRate = max(1, sampleRate)
    }

    var isEmpty: Bool { waiting.isEmpty }

    /// An edge lies at `frame` of the timeline; `handed` when it is already in the device (a stop),
    /// else the next write that goes through hands it. A stop also forgets a start of the same
    /// utterance at or after its frame: the cut dropped it unheard.
    mutating func expect(_ edge: Edge, atFrame frame: Int, handed: Instant? = nil) {
        if case .stop(let utterance) = edge {
            waiting.removeAll { $0.edge == .start(utterance: utterance) && $0.frame >= frame }
        }
        waiting.append(Waiting(edge: edge, frame: frame, handed: handed))
        if waiting.count > Self.kept { waiting.removeFirst() }
    }

    /// A write went through at `now`: the edges it held are in the device.
    mutating func wrote(at now: Instant) {
        for index in waiting.indices where waiting[index].handed == nil { waiting[index].handed = now }
    }

    /// A measure at `now` found playback at frame `position`: the edges in the device it has
    /// passed were heard that many frames before. With `all` (the burst is over), those it has not
    /// reached are settled as heard now.
    mutating func measured(position: Int, at now: Instant, all: Bool = false) -> [Timing] {
        var timed: [Timing] = []
        waiting.removeAll { item in
            guard let handed = item.handed, all || item.frame <= position else { return false }
            let ago = max(0, position - item.frame) * 1_000_000 / sampleRate
            let heard = now.advanced(by: .microseconds(-ago))
            // Heard no sooner than it was handed: a position read just before a write is not a
            // measure of what that write held.
            timed.append(Timing(edge: item.edge, handed: handed, heard: max(heard, handed)))
            return true
        }
        return timed
    }

    /// The output was lost or closed: nothing waiting will be heard.
    mutating func forget() {
        waiting.removeAll()
    }
}
