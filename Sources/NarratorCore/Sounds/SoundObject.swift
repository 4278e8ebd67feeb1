import NarratorJSON
import NarratorLocalization
import NarratorWire

/// An object of a sound book, read strictly (`StrictObject`); errors name the sound being read.
typealias SoundObject = StrictObject<SoundBookEntry>

extension StrictObject where Entry == SoundBookEntry {
    /// `what` names the expected object in the error: "a sound book", "a tone".
    init(_ node: JSONNode, sound: String?, what: String) throws(SoundBookError) {
        try self.init(node, subject: sound, what: what)
    }

    /// The sound being read.
    var sound: String? { subject }

    /// The member's number, nil when absent; it must lie in `range`, and `hint` ends the error
    /// ("a length in milliseconds").
    func number(
        _ name: String, in range: ClosedRange<Double>, _ hint: String
    ) throws(SoundBookError) -> (value: Double, position: SourcePosition)? {
        guard let node = self[name] else { return nil }
        guard case .number(let text) = node.value, let value = JSONNumber.decimal(text) else {
            throw error(
                at: node.position, "\"\(name)\" must be a number (\(hint)), not \(JSONNumber.describe(node.value))")
        }
        guard range.contains(value) else {
            throw error(
                at: node.position,
                "\"\(name)\" must be \(Self.show(range.lowerBound)) to \(Self.show(range.upperBound)) (\(hint)), "
                    + "not \(text)")
        }
        return (value, node.position)
    }

    /// The member's whole number, nil when absent; it must lie in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>, _ hint: String) throws(SoundBookError) -> Int? {
        guard let node = self[name] else { return nil }
        guard case .number(let text) = node.value, let value = JSONNumber.integer(text) else {
            throw error(
                at: node.position,
                "\"\(name)\" must be a whole number (\(hint)), not \(JSONNumber.describe(node.value))")
        }
        guard range.contains(value) else {
            throw error(
                at: node.position,
                "\"\(name)\" must be \(range.lowerBound) to \(range.upperBound) (\(hint)), not \(text)")
        }
        return value
    }

    /// A bound for a message: `10000`, not `10000.0`.
    static func show(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
