public import NarratorWire

/// Where the speech engine's PCM goes: 16-bit signed mono samples at the engine's sample rate.
///
/// The speech thread calls `begin`, `write`, `mark` and `finish`; `interrupt` may come from any
/// thread and names the utterance it is for, so a late stop never cuts the next utterance. A sink
/// keeps the order of samples and marks: a mark fires when playback reaches it (for a device), or at
/// once (for memory).
public protocol AudioSink: AnyObject, Sendable {
    /// A short name for logs and errors (`pulse`, `wav:/tmp/x.wav`).
    var name: String { get }

    /// Called on the speech thread before the first sample of an utterance, with where it is heard
    /// (a mixer places it by the pan law; a sink that keeps mono samples ignores it) and the gain its
    /// samples take on their way out: a volume above the engine's normal one, which the engine does
    /// not apply itself (16 bits would clip it) and a mixer applies before its limiter.
    func begin(utterance id: UInt64, pan: Pan, gain: Double)

    /// Queues samples. Returns false when the utterance was interrupted or its output failed, so
    /// synthesis should stop.
    func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool

    /// Queues a marker. `handler(true)` runs once playback reaches it, `handler(false)` when an
    /// interrupt or a failure dropped it first. Every mark's handler runs exactly once.
    func mark(_ handler: @escaping @Sendable (_ reached: Bool) -> Void)

    /// Queues the end of the utterance: the handler runs once, with `.played` only when every
    /// sample queued before it has been heard.
    func finish(_ handler: @escaping @Sendable (PlaybackResult) -> Void)

    /// Drops what is queued of utterance `id` and silences it now. Ignored when `id` is not the
    /// utterance the sink is playing. Safe from any thread; never waits on a sound server.
    func interrupt(utterance id: UInt64)
}

extension AudioSink {
    /// Begins an utterance heard from the centre, as made.
    public func begin(utterance id: UInt64) { begin(utterance: id, pan: .centre, gain: 1) }

    /// Begins an utterance heard from `pan`, as made.
    public func begin(utterance id: UInt64, pan: Pan) { begin(utterance: id, pan: pan, gain: 1) }
}

/// How the audio of an utterance ended.
public enum PlaybackResult: Sendable, Hashable {
    /// Every sample was heard.
    case played
    /// An interrupt dropped the rest.
    case interrupted
    /// The output failed before all of it was heard; the reason says why.
    case failed(String)
}
