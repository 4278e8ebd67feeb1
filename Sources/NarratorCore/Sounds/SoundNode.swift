import NarratorJSON
import NarratorLocalization
import NarratorWire

/// One definition of a sound book, decoded: what it plays and where it is written.
struct SoundNode: Sendable {
    enum Kind: Sendable {
        case tone(Tone)
        /// A WAV file's samples and the gain to play them at (a stereo one is placed as a whole).
        case clip(WAVClip, gain: Double)
        case sequence(SoundSequence)
        /// Parts that start together.
        case chord([SoundStep])
        /// Another sound of the book, by name.
        case reference(String)
    }

    var kind: Kind
    var position: SourcePosition
    /// Where it and everything in it without a place of its own is heard (`pan`); nil: where the
    /// sound around it is placed.
    var pan: Placement?
}

/// A synthesized note: a waveform at a pitch, with a linear attack and decay.
struct Tone: Sendable {
    var waveform: Waveform
    /// Nil for noise, which has no pitch.
    var hertz: Double?
    var milliseconds: Double
    var attackMilliseconds: Double
    var decayMilliseconds: Double
    var gain: Double
}

/// Steps played one after another, the whole repeated.
struct SoundSequence: Sendable {
    var steps: [SoundStep]
    /// Silence between two steps that are heard (or hold a slot).
    var gapMilliseconds: Double
    /// How many times the steps are played (1: once).
    var repeatCount: Int
    /// Silence between two repeats.
    var repeatGapMilliseconds: Double
}

/// A step of a sequence or a part of a chord: a sound, maybe conditional, maybe in a fixed slot.
struct SoundStep: Sendable {
    var node: SoundNode
    /// The boolean argument that decides whether the step sounds.
    var condition: String?
    /// A fixed length: the step is padded with silence or cut to it, and is silence of this
    /// length when its condition is false.
    var slotMilliseconds: Double?

    init(node: SoundNode, condition: String? = nil, slotMilliseconds: Double? = nil) {
        self.node = node
        self.condition = condition
        self.slotMilliseconds = slotMilliseconds
    }
}
