import Glibc
public import NarratorJSON

/// Where a sound is placed between the left (-1) and the right (1) speaker; 0 is the centre.
///
/// The pan law (docs/AUDIO.md, "Placing sounds"): equal power, scaled so the centre is unity.
/// With θ = (p + 1)·π/4, a mono source at place p is sent to the left at √2·cos θ and to the right
/// at √2·sin θ. The two gains' squares always add up to 2, so a sound is as loud (in power) at any
/// place; at the centre both are exactly 1, so centred speech is written sample for sample as the
/// engine made it, as loud in each ear as when the mixer was mono (today's centre is not 3 dB down);
/// at a side the near gain is √2 (+3 dB) and the far one 0.
///
/// A stereo source (a stereo WAV clip) is placed as a whole with `balance`: each channel keeps its
/// own side, and the far one fades: the law's gains capped at 1, so the centre leaves it as made.
public struct Pan: Sendable, Hashable, CustomStringConvertible {
    public static let range: ClosedRange<Double> = -1...1
    public static let centre = Pan(unchecked: 0)
    public static let left = Pan(unchecked: -1)
    public static let right = Pan(unchecked: 1)

    /// -1 (left) to 1 (right).
    public let value: Double

    /// Nil when `value` is not a number from -1 to 1.
    public init?(_ value: Double) {
        guard Self.range.contains(value) else { return nil }
        self.value = value
    }

    private init(unchecked value: Double) {
        self.value = value
    }

    /// The law's gains for a mono source: √2·cos θ and √2·sin θ, exactly 1 and 1 at the centre
    /// and exactly √2 and 0 at the sides (the cosine of π/2 is not exactly 0 in floating point).
    public var gains: (left: Double, right: Double) {
        if value == 0 { return (1, 1) }
        if value == -1 { return (2.0.squareRoot(), 0) }
        if value == 1 { return (0, 2.0.squareRoot()) }
        let angle = (value + 1) * Double.pi / 4
        return (2.0.squareRoot() * cos(angle), 2.0.squareRoot() * sin(angle))
    }

    /// The gains for a stereo source placed as a whole: the law's, capped at 1 (a balance control).
    public var balance: (left: Double, right: Double) {
        let (left, right) = gains
        return (min(1, left), min(1, right))
    }

    /// The place as a JSON number, as a request carries it.
    public var wire: JSONValue { .number(description) }

    public var description: String { value == value.rounded() ? String(Int(value)) : String(value) }

    /// The `pan` of a request or event, as the protocol reads it: a number from -1 to 1.
    public static func parse(_ value: JSONValue, field: String = "pan") throws(ProtocolError) -> Pan {
        guard case .number(let text) = value, let number = JSONNumber.decimal(text), let pan = Pan(number) else {
            throw ProtocolError(
                .invalidField,
                "\"\(field)\" must be a number from -1 (left) to 1 (right), 0 the centre, not \(JSONNumber.describe(value))"
            )
        }
        return pan
    }
}
