import NarratorJSON
import NarratorLocalization
import NarratorWire

/// One JSON object of a data file (an event map, a sound book), read strictly: a member that is not
/// allowed here (a typo like `"prioriy"`) and a member written twice are errors, pointing at the
/// member. `Entry` is the file's kind (its errors are `DataFileError<Entry>`); `subject` names
/// what is being read (the event, the sound) in every error.
struct StrictObject<Entry: DataFileEntry> {
    typealias Failure = DataFileError<Entry>
    let members: [JSONMember]
    let position: SourcePosition
    let subject: String?

    /// `what` names the expected object in the error: "the map", "a rule", "a tone".
    init(_ node: JSONNode, subject: String?, what: String) throws(Failure) {
        self.subject = subject
        guard case .object(let members) = node.value else {
            throw Failure(
                .invalid, at: node.position, subject: subject,
                "\(what) must be a JSON object, not \(node.value.kindDescription)")
        }
        self.members = members
        self.position = node.position
    }

    /// Rejects members outside `allowed` (listing what is allowed) and repeated members.
    func allow(_ allowed: [String], in what: String) throws(Failure) {
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

    func error(at position: SourcePosition, _ reason: String) -> Failure {
        Failure(.invalid, at: position, subject: subject, reason)
    }

    /// The member's non-empty string, nil when absent; any other type is an error.
    func string(_ name: String) throws(Failure) -> (text: String, position: SourcePosition)? {
        guard let node = self[name] else { return nil }
        guard case .string(let text) = node.value, !text.isEmpty else {
            throw error(at: node.position, "\"\(name)\" must be a non-empty string, not \(node.value.kindDescription)")
        }
        return (text, node.position)
    }

    /// The member's `true`/`false`, nil when absent.
    func bool(_ name: String) throws(Failure) -> Bool? {
        guard let node = self[name] else { return nil }
        guard case .bool(let flag) = node.value else {
            throw error(at: node.position, "\"\(name)\" must be true or false, not \(node.value.kindDescription)")
        }
        return flag
    }

    /// The member's whole number, nil when absent.
    func integer(_ name: String) throws(Failure) -> (value: Int, position: SourcePosition)? {
        guard let node = self[name] else { return nil }
        guard case .number(let text) = node.value, let value = JSONNumber.integer(text) else {
            throw error(at: node.position, "\"\(name)\" must be a whole number, not \(JSONNumber.describe(node.value))")
        }
        return (value, node.position)
    }
}
