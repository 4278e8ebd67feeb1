import NarratorLocalization

/// One JSON object of a sound book, read strictly: a member not allowed here and a member written
/// twice are errors at the member (the sound book's counterpart of the event map's `MapObject`).
struct SoundObject {
    let members: [JSONMember]
    let position: SourcePosition
    /// The sound being read, named in errors.
    let sound: String?

    /// `what` names the expected object in the error: "a sound book", "a tone".
    init(_ node: JSONNode, sound: String?, what: String) throws(SoundBookError) {
        guard case .object(let members) = node.value else {
            throw SoundBookError(
                at: node.position, sound: sound, "\(what) must be a JSON object, not \(node.value.kindDescription)")
        }
        self.members = members
        self.position = node.position
        self.sound = sound
    }

    /// Rejects members outside `allowed` (listing what is allowed) and repeated members.
    func allow(_ allowed: [String], in what: String) throws(SoundBookError) {
        var seen: Set<String> = []
        for member in members {
            guard allowed.contains(member.key) else {
                let list = allowed.map { "\"\($0)\"" }.joined(separator: ", ")
                throw error(at: member.keyPosition, "unknown member \"\(member.key)\" in \(what): allowed are \(list)")
            }
            guard seen.insert(member.key).inserted else {
                throw error(at: member.keyPosition, "\"\(member.key)\" is written twice: keep one")
            }
        }
    }

    func has(_ name: String) -> Bool { members.contains { $0.key == name } }

    subscript(name: String) -> JSONNode? { members.first { $0.key == name }?.value }

    func error(at position: SourcePosition, _ reason: String) -> SoundBookError {
        SoundBookError(at: position, sound: sound, reason)
    }

    /// The member's non-empty string, nil when absent.
    func string(_ name: String) throws(SoundBookError) -> (text: String, position: SourcePosition)? {
        guard let node = self[name] else { return nil }
        guard case .string(let text) = node.value, !text.isEmpty else {
            throw error(at: node.position, "\"\(name)\" must be a non-empty string, not \(node.value.kindDescription)")
        }
        return (text, node.position)
    }

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
