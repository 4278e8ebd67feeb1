import NarratorJSON

/// The members of one object on the wire, read with their expected types. Requests are read
/// strictly (whatever a request's parser did not ask for is an unknown field, so typos do not pass
/// silently); clients read replies leniently (a newer daemon may add members).
struct WireObject {
    private(set) var members: [String: JSONValue] = [:]
    /// The members in the order they came, for events and sounds whose fields are theirs.
    let ordered: [JSONMember]
    private var read: Set<String> = []
    /// What is being read, for messages: `"say"`.
    var subject: String

    init(_ object: [JSONMember], subject: String) throws(ProtocolError) {
        self.subject = subject
        self.ordered = object
        for member in object {
            if members[member.key] != nil {
                throw ProtocolError(.invalidField, "the field \"\(member.key)\" is given twice")
            }
            members[member.key] = member.value.value
        }
    }

    /// Parses a line that must hold one object; `what` names it in errors ("a request").
    init(parsing line: [UInt8], what: String) throws(ProtocolError) {
        let node: JSONNode
        do {
            node = try JSONParser.parse(line)
        } catch {
            throw ProtocolError(.invalidJSON, "not JSON: \(error)")
        }
        guard case .object(let members) = node.value else {
            throw ProtocolError(.notAnObject, "\(what) is a JSON object, not \(node.value.kindDescription)")
        }
        try self.init(members, subject: what)
    }

    mutating func string(_ key: String) throws(ProtocolError) -> String? {
        read.insert(key)
        switch members[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw mismatch(key, "a string", other)
        }
    }

    /// A scope (`WireName.isScope`), the same shape the event maps allow.
    mutating func scope(_ key: String) throws(ProtocolError) -> String? {
        guard let text = try string(key) else { return nil }
        guard WireName.isScope(text) else {
            throw ProtocolError(.invalidField, "\"\(key)\" must be \(WireName.scopeShape), not \"\(text)\"")
        }
        return text
    }

    /// A whole number, by the wire's one number policy (`JSONNumber`).
    mutating func integer(_ key: String) throws(ProtocolError) -> Int? {
        read.insert(key)
        switch members[key] {
        case nil, .null?: return nil
        case .number(let text)?:
            guard let value = JSONNumber.integer(text) else {
                throw ProtocolError(.invalidField, "\"\(key)\" must be \(JSONNumber.notWhole(.number(text)))")
            }
            return value
        case let other?: throw mismatch(key, "a whole number", other)
        }
    }

    mutating func decimal(_ key: String) throws(ProtocolError) -> Double? {
        read.insert(key)
        switch members[key] {
        case nil, .null?: return nil
        case .number(let text)?:
            guard let value = JSONNumber.decimal(text) else { throw mismatch(key, "a finite number", .number(text)) }
            return value
        case let other?: throw mismatch(key, "a number", other)
        }
    }

    /// An announcement's id: the string of digits a reply and a notification give (`"12"`), or the
    /// same as a whole number (`12`, what `narrator send --id 12` writes); 1 or more.
    mutating func announcementID(_ key: String) throws(ProtocolError) -> AnnouncementID? {
        read.insert(key)
        let digits: String
        switch members[key] {
        case nil, .null?: return nil
        case .string(let text)?: digits = text
        case .number(let text)?: digits = text
        case let other?: throw mismatch(key, "an announcement's id, as a reply gives it (\"12\")", other)
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = UInt64(digits), value >= 1
        else {
            throw ProtocolError(
                .invalidField,
                "\"\(key)\" must be an announcement's id, the digits a reply gives (\"12\"), not \"\(digits)\"")
        }
        return AnnouncementID(rawValue: value)
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

    mutating func object(_ key: String) throws(ProtocolError) -> WireObject? {
        read.insert(key)
        switch members[key] {
        case nil, .null?: return nil
        case .object(let members)?: return try WireObject(members, subject: "\"\(key)\"")
        case let other?: throw mismatch(key, "an object", other)
        }
    }

    /// Whether the member is there as `null` (in a `set`: back to the default). Not a read.
    func isNull(_ key: String) -> Bool {
        if case .null? = members[key] { return true }
        return false
    }

    /// Whether the member is there (and not null).
    func has(_ key: String) -> Bool {
        switch members[key] {
        case nil, .null?: false
        default: true
        }
    }

    /// The members no accessor asked for, in the order they came, now counted as read: the fields
    /// of an event, the arguments of a sound.
    mutating func readRest() -> [JSONMember] {
        let rest = ordered.filter { !read.contains($0.key) }
        for member in rest { read.insert(member.key) }
        return rest
    }

    /// Throws for the first field that no accessor asked for.
    func rejectUnknown() throws(ProtocolError) {
        if let unknown = members.keys.sorted().first(where: { !read.contains($0) }) {
            throw ProtocolError(.unknownField, "\(subject) has no field \"\(unknown)\"; see docs/PROTOCOL.md")
        }
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> ProtocolError {
        ProtocolError(.invalidField, "\"\(key)\" must be \(expected), not \(value.kindDescription)")
    }
}
