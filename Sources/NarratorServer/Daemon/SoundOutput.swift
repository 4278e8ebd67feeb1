public import NarratorAudio

/// What the daemon needs from its audio output besides speech: earcons, and word of whether sound
/// works. The mixer is the real one; tests of the logic around it may hand in their own.
public protocol SoundOutput: Sendable {
    /// The rate sounds are rendered at.
    var sampleRate: Int { get }
    /// Starts an earcon now, mixed with whatever sounds; returns at once.
    func play(_ samples: [Int16]) throws(MixerError)
    /// Where sound goes, whether it works, since when.
    var status: OutputStatus { get }
}

extension Mixer: SoundOutput {}
