/// The graph cycle of PipeWire's pulse server, learnt from the read index (W21, docs/AUDIO.md).
///
/// That server's timing reply counts no sink latency (`sink_usec` is 0 on PipeWire 0.3.65): it
/// reports as read what it moved into the graph's buffer, which the graph renders in its next
/// cycle, so what it has just read is heard two cycles (quanta) after the cycle that read it began.
/// While the stream has audio to give, the read index moves by whole cycles, so the cycle is the
/// greatest common divisor of the last steps the read index took over audio already queued.
struct GraphCycle {
    /// How many steps the divisor is taken over: the quantum changes when a client that asks for a
    /// lower latency comes or goes, and the cycle follows within this many measures.
    static let remembered = 8

    /// The read index and the frames queued after it at the last measure.
    private var last: (readIndex: Int64, queued: Int)?
    private var steps: [Int] = []
    /// The cycle in frames; 0 until a step was seen.
    private(set) var frames = 0

    /// Notes a measure: the read index and what is queued after it, in frames. A step counts only
    /// when the audio it read was queued at the measure before (so each cycle read a whole quantum).
    mutating func measure(readIndex: Int64, queued: Int) {
        defer { last = (readIndex, queued) }
        guard let last, readIndex > last.readIndex, readIndex - last.readIndex <= Int64(last.queued) else { return }
        steps = steps.suffix(Self.remembered - 1) + [Int(readIndex - last.readIndex)]
        frames = steps.reduce(0, Self.divisor)
    }

    /// A flush moved the read index where no cycle took it: the next step starts from the next measure.
    mutating func flushed() { last = nil }

    private static func divisor(_ a: Int, _ b: Int) -> Int { b == 0 ? a : divisor(b, a % b) }
}
