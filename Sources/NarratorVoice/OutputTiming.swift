public import NarratorWire

/// When the listener heard an edge of a sound, as the audio output measured it from the sound
/// server's own read index and the latency it reports (docs/AUDIO.md, W19): what the daemon's
/// latency figures are made of (`audible_ms`, `silent_ms`, docs/PROTOCOL.md).
public struct OutputTiming: Sendable, Hashable {
    public enum Edge: Sendable, Hashable {
        /// The first audible sample of an announcement's speech.
        case speechStarted(AnnouncementID)
        /// The last sample of an announcement's speech that a stop left to be heard.
        case speechStopped(AnnouncementID)
        /// The first audible sample of a sound (an earcon) asked for at this instant.
        case sound(requested: ContinuousClock.Instant)
    }

    public var edge: Edge
    /// When the write that held it went through to the output (for a stop: when the output had
    /// dropped what it held of the speech).
    public var handed: ContinuousClock.Instant
    /// When it was heard.
    public var heard: ContinuousClock.Instant

    public init(edge: Edge, handed: ContinuousClock.Instant, heard: ContinuousClock.Instant) {
        self.edge = edge
        self.handed = handed
        self.heard = heard
    }
}
