import NarratorJSON

extension Request {
    /// The request as one line of JSON (without the line break), `type` first:
    /// `{"type":"collision","lives":2}`.
    public var line: String {
        var line = JSONObjectWriter()
        line.add("type", typeName)
        switch self {
        case .hello(let client, let locale, let profile):
            line.add("protocol", Self.protocolVersion)
            client.map { line.add("client", $0) }
            locale.map { line.add("locale", $0) }
            profile.map { line.add("profile", $0) }
        case .event(_, let fields):
            for field in fields { line.add(field.name, field.value) }
        case .say(let say):
            switch say.content {
            case .text(let text): line.add("text", text)
            case .key(let key, let arguments):
                line.add("key", key)
                if !arguments.isEmpty { line.add("arguments", .array(arguments.map(\.jsonNode))) }
            }
            if say.priority != .default { line.add("priority", say.priority.rawValue) }
            say.supersedes.map { line.add("supersedes", $0) }
            say.expiresMilliseconds.map { line.add("expires_ms", $0) }
            if say.resume { line.add("resume", true) }
            say.scope.map { line.add("scope", $0) }
            if say.ssml { line.add("ssml", true) }
            say.pan.map { line.add(Request.panField, .number(String($0.value))) }
            if say.block { line.add("block", true) }
        case .cancel(let scope, let allClients, let speaking, let client, let id):
            scope.map { line.add("scope", $0) }
            if allClients { line.add("all_clients", true) }
            if speaking { line.add("speaking", true) }
            client.map { line.add("client", Int(clamping: $0.rawValue)) }
            // As replies and notifications give it: a string of digits.
            id.map { line.add("id", String($0.rawValue)) }
        case .pause(let allClients, let client), .resume(let allClients, let client):
            if allClients { line.add("all_clients", true) }
            client.map { line.add("client", Int(clamping: $0.rawValue)) }
        case .subscribe(let allClients, let latency):
            if allClients { line.add("all_clients", true) }
            if latency { line.add("latency", true) }
        case .set(let change, let allClients, let client):
            change.locale.map { line.add("locale", $0) }
            change.rate.map { line.add("rate", $0) }
            change.pitch.map { line.add("pitch", $0) }
            change.volume.map { line.add("volume", $0) }
            change.effectsVolume.map { line.add("effects_volume", $0) }
            change.variant.map { line.add("variant", $0) }
            change.punctuation.map { line.add("punctuation", $0.rawValue) }
            change.capitals.map { line.add("capitals", $0.rawValue) }
            change.spelling.map { line.add("spelling", $0) }
            for setting in Request.VoiceChange.Setting.allCases where change.reset.contains(setting) {
                line.addNull(setting.rawValue)
            }
            if allClients { line.add("all_clients", true) }
            client.map { line.add("client", Int(clamping: $0.rawValue)) }
        case .status:
            break
        case .play(let sound, let arguments):
            line.add("sound", sound)
            for field in arguments { line.add(field.name, field.value) }
        case .repeat(let allClients, let priority):
            if allClients { line.add("all_clients", true) }
            if priority != .default { line.add("priority", priority.rawValue) }
        case .history(let limit, let allClients):
            limit.map { line.add("limit", $0) }
            if allClients { line.add("all_clients", true) }
        }
        return line.text
    }

    /// The line's `type`: the kind's name, or the event's.
    public var typeName: String {
        if case .event(let type, _) = self { return type }
        return kind?.rawValue ?? ""
    }

    /// The request's kind; nil for a game event.
    public var kind: Kind? {
        switch self {
        case .hello: .hello
        case .event: nil
        case .say: .say
        case .cancel: .cancel
        case .pause: .pause
        case .resume: .resume
        case .set: .set
        case .status: .status
        case .subscribe: .subscribe
        case .play: .play
        case .repeat: .repeat
        case .history: .history
        }
    }
}

extension FormatArgument {
    /// The argument as it is written in a `say`'s `arguments`.
    var jsonNode: JSONNode {
        let value: JSONValue =
            switch self {
            case .integer(let integer): .integer(integer)
            case .decimal(let decimal): decimal.isFinite ? .number(String(decimal)) : .null
            case .string(let text): .string(text)
            }
        return JSONNode(value: value, position: SourcePosition(line: 1, column: 1))
    }
}
