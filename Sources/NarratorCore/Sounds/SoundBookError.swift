public import NarratorWire

/// Why a sound book could not be loaded: where in `sounds.json` (line and column) and what to change.
public struct SoundBookError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `syntax`: the file is not JSON at all. `invalid`: JSON, but not a valid book.
    public enum Kind: Sendable, Hashable {
        case syntax, invalid
    }

    public var kind: Kind
    public var position: SourcePosition
    /// The sound the problem is in, when it is in one.
    public var sound: String?
    /// What is wrong and how to fix it.
    public var reason: String

    public init(_ kind: Kind = .invalid, at position: SourcePosition, sound: String? = nil, _ reason: String) {
        self.kind = kind
        self.position = position
        self.sound = sound
        self.reason = reason
    }

    /// "line 4, column 7: sound "lane_pulses": ..." .
    public var description: String {
        "\(position): " + (sound.map { "sound \"\($0)\": " } ?? "") + reason
    }
}
