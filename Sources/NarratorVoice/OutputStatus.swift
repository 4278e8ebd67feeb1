/// Where sound goes and whether it works, for `status` and for the notifications that tell a game
/// its player can no longer hear it.
public struct OutputStatus: Sendable, Hashable {
    public enum Condition: Sendable, Hashable {
        /// The output opened and took the last sound written to it (or has not been needed yet).
        case working
        /// The output could not be opened or written; the reason is the device's own message.
        case lost(String)
    }

    /// The output's name: `pulse`, `alsa`, `wav:PATH`, `null`.
    public let output: String
    public var condition: Condition
    /// When `condition` last changed (or the mixer started).
    public var since: ContinuousClock.Instant
    /// Whether the device is open now (it is closed after a few idle seconds, and opened again for
    /// the next sound).
    public var isOpen: Bool
    /// How many times the sound server ran out of audio while the writer still had some to give:
    /// a gap inside speech or an earcon (docs/AUDIO.md, W18), since the mixer started.
    public var underruns = 0
    /// How much the writer keeps written ahead of what is heard, in milliseconds: its lead, raised
    /// after underruns and back down after a steady while (docs/AUDIO.md, W20); nil for a file.
    public var leadMilliseconds: Double?
    /// The channels sounds are mixed in now, when the output says: 1 for a mono output, or for a
    /// stereo one whose sink turned out to be mono (docs/AUDIO.md, "The downmix"); nil when it does
    /// not say (the channels it was made with stand).
    public var channels: Int?
    /// The sound server the output plays to, when one is named (PULSE_SERVER's value for `pulse` and
    /// `auto`); nil: the user's own, as libpulse finds it, or no server.
    public var server: String?

    public init(output: String, condition: Condition = .working, since: ContinuousClock.Instant = .now) {
        self.output = output
        self.condition = condition
        self.since = since
        self.isOpen = false
    }

    public var isWorking: Bool { condition == .working }
}
