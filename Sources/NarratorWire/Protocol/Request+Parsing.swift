public import NarratorJSON

extension Request {
    /// Parses one line (without its line break). Every failure is a `ProtocolError` with a code and
    /// a sentence saying what is wrong; nothing here can crash on what a client sends.
    public static func parse(_ line: [UInt8]) throws(ProtocolError) -> Request {
        if line.contains(0) {
            throw ProtocolError(.invalidJSON, "the line holds a NUL byte; send one JSON object per line")
        }
        if String(validating: line, as: UTF8.self) == nil {
            throw ProtocolError(.invalidUTF8, "the line is not valid UTF-8")
        }
        var fields = try WireObject(parsing: line, what: "a request")
        guard let typeValue = fields.members["type"] else {
            throw ProtocolError(.missingField, "every request needs a \"type\", e.g. {\"type\":\"status\"}")
        }
        guard case .string(let type) = typeValue, !type.isEmpty else {
            throw ProtocolError(.invalidField, "\"type\" must be a non-empty string")
        }
        fields.subject = "\"\(type)\""
        _ = try fields.string("type")
        if let version = try fields.integer("v"), version != protocolVersion {
            throw ProtocolError(
                .unsupportedProtocol, "this narrator speaks protocol \(protocolVersion), not \(version)")
        }
        guard let kind = Kind(rawValue: type) else {
            try checkPan(fields)
            return .event(type: type, fields: fields.readRest().map { Field($0.key, $0.value.value) })
        }
        let request = try parse(kind, &fields)
        try fields.rejectUnknown()
        return request
    }

    private static func parse(_ kind: Kind, _ fields: inout WireObject) throws(ProtocolError) -> Request {
        switch kind {
        case .hello:
            if let version = try fields.integer("protocol"), version != protocolVersion {
                throw ProtocolError(
                    .unsupportedProtocol, "this narrator speaks protocol \(protocolVersion), not \(version)")
            }
            return .hello(
                client: try fields.string("client"), locale: try fields.string("locale"),
                profile: try fields.string("profile"))
        case .say:
            return .say(try parseSay(&fields))
        case .cancel:
            return try parseCancel(&fields)
        case .pause:
            let (allClients, client) = try parseWhose(&fields)
            return .pause(allClients: allClients, client: client)
        case .resume:
            let (allClients, client) = try parseWhose(&fields)
            return .resume(allClients: allClients, client: client)
        case .set:
            // Here, unlike elsewhere, null is not the same as leaving the field out: it resets it.
            let reset = Set(VoiceChange.Setting.allCases.filter { fields.isNull($0.rawValue) })
            let (allClients, client) = try parseWhose(&fields)
            return .set(
                VoiceChange(
                    locale: try fields.string("locale"), rate: try fields.integer("rate"),
                    pitch: try fields.integer("pitch"), volume: try fields.integer("volume"),
                    effectsVolume: try fields.integer("effects_volume"), variant: try fields.string("variant"),
                    punctuation: try choice(&fields, "punctuation"), capitals: try choice(&fields, "capitals"),
                    spelling: try fields.bool("spelling"), reset: reset),
                allClients: allClients, client: client)
        case .status:
            return .status
        case .subscribe:
            return .subscribe(
                allClients: try fields.bool("all_clients") ?? false, latency: try fields.bool("latency") ?? false)
        case .play:
            guard let sound = try fields.string("sound"), !sound.isEmpty else {
                throw ProtocolError(.missingField, "play needs \"sound\": the name of a sound of your profile")
            }
            try checkPan(fields)
            return .play(sound: sound, arguments: fields.readRest().map { Field($0.key, $0.value.value) })
        case .repeat:
            return .repeat(allClients: try fields.bool("all_clients") ?? false, priority: try readPriority(&fields))
        case .history:
            let limit = try fields.integer("limit")
            if let limit, limit < 1 {
                throw ProtocolError(.invalidField, "\"limit\" must be 1 or more, not \(limit)")
            }
            return .history(limit: limit, allClients: try fields.bool("all_clients") ?? false)
        }
    }

    /// A field whose value is one of a few names (`punctuation`, `capitals`).
    private static func choice<Choice: RawRepresentable & CaseIterable>(_ fields: inout WireObject, _ key: String)
        throws(ProtocolError) -> Choice? where Choice.RawValue == String
    {
        guard let name = try fields.string(key) else { return nil }
        guard let value = Choice(rawValue: name) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw ProtocolError(.invalidField, "\"\(key)\" must be one of \(names), not \"\(name)\"")
        }
        return value
    }

    private static func readPriority(_ fields: inout WireObject) throws(ProtocolError) -> Priority {
        let priorityName = try fields.string("priority") ?? Priority.default.rawValue
        guard let priority = Priority(rawValue: priorityName) else {
            throw ProtocolError(.invalidField, "\"priority\" must be high, default or low, not \"\(priorityName)\"")
        }
        return priority
    }

    private static func parseSay(_ fields: inout WireObject) throws(ProtocolError) -> Say {
        let text = try fields.string("text")
        let key = try fields.string("key")
        let arguments = try (fields.array("arguments") ?? []).map { node throws(ProtocolError) in
            try formatArgument(node.value)
        }
        let content: Say.Content
        switch (text, key) {
        case (let text?, nil): content = .text(text)
        case (nil, let key?): content = .key(key, arguments: arguments)
        default:
            throw ProtocolError(.missingField, "\"say\" needs either \"text\" or \"key\" (with \"arguments\")")
        }
        let priority = try readPriority(&fields)
        let expires = try fields.integer("expires_ms")
        if let expires, expires < 0 { throw ProtocolError(.invalidField, "\"expires_ms\" must be 0 or more") }
        let scope = try fields.scope("scope")
        let block = try fields.bool("block") ?? false
        if block, scope == nil {
            throw ProtocolError(
                .invalidField, "\"block\" makes an announcement one with the others of its \"scope\": give a scope")
        }
        return Say(
            content, priority: priority, supersedes: try fields.string("supersedes"), expiresMilliseconds: expires,
            resume: try fields.bool("resume") ?? false, scope: scope, ssml: try fields.bool("ssml") ?? false,
            pan: try readPan(&fields), block: block)
    }

    /// A `say`'s place: nil when absent or null.
    private static func readPan(_ fields: inout WireObject) throws(ProtocolError) -> Pan? {
        guard let value = fields.members[panField] else { return nil }
        _ = try? fields.decimal(panField)  // marks it read; `Pan.parse` says what is wrong with it
        if case .null = value { return nil }
        return try Pan.parse(value)
    }

    /// A `pan` among an event's or a sound's fields must be a place (null: the centre), so a game
    /// hears of a wrong one at once rather than a sound placed where it did not mean.
    private static func checkPan(_ fields: WireObject) throws(ProtocolError) {
        guard let value = fields.members[panField] else { return }
        if case .null = value { return }
        _ = try Pan.parse(value)
    }

    /// A JSON argument as a typed format argument, by the one number policy: whole numbers,
    /// other numbers, strings.
    public static func formatArgument(_ value: JSONValue) throws(ProtocolError) -> FormatArgument {
        switch value {
        case .string(let text): return .string(text)
        case .number(let text):
            switch JSONNumber.whole(text) {
            case .value(let integer): return .integer(integer)
            case .fractional:
                if let decimal = JSONNumber.decimal(text) { return .decimal(decimal) }
            case .outOfRange, .malformed: break
            }
            throw ProtocolError(.invalidField, "the number \(text) is out of range")
        default:
            throw ProtocolError(.invalidField, "an argument must be a number or a string, not \(value.kindDescription)")
        }
    }
}
