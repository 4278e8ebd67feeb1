import NarratorLocalization

/// The members of one request object, read with their expected types; whatever is left unread
/// by a command is reported as an unknown field, so typos do not pass silently.
struct RequestFields {
    private(set) var members: [String: JSONValue] = [:]
    private var read: Set<String> = ["type", "v"]
    let type: String

    init(_ object: [JSONMember], type: String) throws(ProtocolError) {
        self.type = type
        for member in object {
            if members[member.key] != nil {
                throw ProtocolError(.invalidField, "the field \"\(member.key)\" is given twice")
            }
            members[member.key] = member.value.value
        }
    }

    mutating func string(_ key: String) throws(ProtocolError) -> String? {
        read.insert(key)
        switch members[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw mismatch(key, "a string", other)
        }
    }

    mutating func integer(_ key: String) throws(ProtocolError) -> Int? {
        read.insert(key)
        switch members[key] {
        case nil, .null?: return nil
        case .number(let text)?:
            guard let value = Int(text) else { throw mismatch(key, "a whole number", .number(text)) }
            return value
        case let other?: throw mismatch(key, "a whole number", other)
        }
    }

    mutating func bool(_ key: String) throws(ProtocolError) -> Bool? {
        read.insert(key)
        switch members[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?: throw mismatch(key, "true or false", other)
        }
    }

    mutating func array(_ key: String) throws(ProtocolError) -> [JSONNode]? {
        read.insert(key)
        switch members[key] {
        case nil, .null?: return nil
        case .array(let items)?: return items
        case let other?: throw mismatch(key, "an array", other)
        }
    }

    /// Throws for the first field that no accessor asked for.
    func rejectUnknown() throws(ProtocolError) {
        if let unknown = members.keys.sorted().first(where: { !read.contains($0) }) {
            throw ProtocolError(.unknownField, "\"\(type)\" has no field \"\(unknown)\"; see docs/PROTOCOL.md")
        }
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> ProtocolError {
        ProtocolError(.invalidField, "\"\(key)\" must be \(expected), not \(value.kindDescription)")
    }
}
