/// What the daemon needs from its audio output besides speech: earcons, and word of whether sound
/// works. The mixer (NarratorAudio) is the real one; tests of the logic around it use their own.
public protocol SoundOutput: Sendable {
    /// The rate sounds are rendered at.
    var sampleRate: Int { get }
    /// The channels the output was asked for: 2 (interleaved left, right) or 1 (mono). What it
    /// mixes in now may differ (a stereo output on a mono sink): `status.channels` says.
    var channels: Int { get }
    /// Starts an earcon now, mixed with whatever sounds, at `gain` (a client's effects volume / 100:
    /// 1 plays the samples as rendered); `samples` are interleaved in `channels` (the layout they
    /// were rendered in). Returns at once.
    func startSound(_ samples: [Int16], channels: Int, gain: Double) throws(SoundRefusal)
    /// Where sound goes, whether it works, since when.
    var status: OutputStatus { get }
    /// Calls `handler`, from any thread, each time the output has timed the hearing of an edge of a
    /// sound (`OutputTiming`). An output that cannot tell never calls it (the default).
    func watchTimings(_ handler: @escaping @Sendable (OutputTiming) -> Void)
}

extension SoundOutput {
    public func watchTimings(_ handler: @escaping @Sendable (OutputTiming) -> Void) {}
}

/// The output cannot take a sound now; the message says why.
public struct SoundRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
