public import NarratorWire

/// How the safe lanes of the row ahead sound on every tick (`lanes_ahead`'s `cues`).
public enum LaneCues: String, CaseIterable, Hashable, Sendable {
    /// One 30 ms note per safe lane, left, middle, right in turn.
    case pulses
    /// The safe lanes' notes quickly one after another.
    case arpeggio
    /// The safe lanes' notes together.
    case chord
    /// Retro: no lane sounds, speech only.
    case off
}

/// How a move sounds (`moved`'s `cues`).
public enum MoveCues: String, CaseIterable, Hashable, Sendable {
    /// The pitch of the lane moved into, in a timbre of its own (a square wave).
    case lane
    /// A bright tone when the row ahead is free there, a dull one when it is not.
    case safety
    /// The lane's note, then the safety tone.
    case both
    case off
}

/// Whether each lane's note comes from its lane's side (`on`: the left lane from the left) as well as
/// its pitch, or every note from the centre (`off`): `lanes_ahead`'s `stereo`, and `moved`'s `pan`.
public enum StereoCues: String, CaseIterable, Hashable, Sendable {
    case on
    case off

    /// Where a lane's sounds are heard: 0 left, 1 middle, 2 right; the centre when off.
    public func pan(lane: Int) -> Pan {
        guard self == .on else { return .centre }
        return Pan(Double(max(0, min(2, lane)) - 1)) ?? .centre
    }
}

/// How the speed warning comes (`level_change_imminent`'s `feedback`).
public enum SpeedWarningFeedback: String, CaseIterable, Hashable, Sendable {
    /// Spoken, at high priority.
    case announcement
    /// The rising chirp.
    case sound
    case both
    case none
}

/// A setting as stored: "use the system default", which is worked out again each time it is read
/// from whether a screen reader runs, or the player's own choice, which stays whatever that state.
public enum Setting<Value: Hashable & Sendable>: Hashable, Sendable {
    case systemDefault
    case chosen(Value)

    /// The value in effect, given the system default of the moment.
    public func value(default systemValue: Value) -> Value {
        switch self {
        case .systemDefault: systemValue
        case .chosen(let value): value
        }
    }
}

extension Setting {
    /// The player's choice; nil for the system default.
    public var choice: Value? {
        switch self {
        case .systemDefault: nil
        case .chosen(let value): value
        }
    }
}

/// How a setting is written, in the settings file and on the settings screen: `system`, or the
/// choice's own word.
extension Setting where Value: RawRepresentable, Value.RawValue == String {
    public var word: String { choice?.rawValue ?? "system" }

    /// The setting a word names; nil for a word that names none.
    public init?(word: String) {
        if word == "system" {
            self = .systemDefault
        } else if let value = Value(rawValue: word) {
            self = .chosen(value)
        } else {
            return nil
        }
    }
}

extension Setting where Value == Int {
    public var word: String { choice.map(String.init) ?? "system" }

    /// The setting a word names within `range`; nil for any other word.
    public init?(word: String, in range: ClosedRange<Int>) {
        if word == "system" {
            self = .systemDefault
        } else if let value = Int(word), range.contains(value) {
            self = .chosen(value)
        } else {
            return nil
        }
    }
}
