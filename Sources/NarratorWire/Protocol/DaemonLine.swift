import NarratorJSON

/// One line from the daemon, read by a client: a reply to its request, or a notification.
///
/// Read leniently: members a newer daemon adds are ignored. A line that is not one of the
/// protocol's is an error, with what was wrong.
public enum DaemonLine: Sendable, Hashable {
    case reply(Reply)
    case notification(Notification)

    /// The reply, if the line is one.
    public var reply: Reply? {
        if case .reply(let reply) = self { return reply }
        return nil
    }

    /// The outcome report, if the line is one.
    public var outcome: Notification.OutcomeReport? {
        if case .notification(.outcome(let report)) = self { return report }
        return nil
    }

    /// Reads one line (without its line break). A reply has `ok`, a notification `event`; the
    /// kind of reply is told by the member only it has (docs/PROTOCOL.md).
    public static func parse(_ line: String) throws(ProtocolError) -> DaemonLine {
        var object = try WireObject(parsing: Array(line.utf8), what: "a daemon line")
        if let event = try object.string("event") {
            return .notification(try notification(event, &object))
        }
        guard let ok = try object.bool("ok") else {
            throw ProtocolError(.missingField, "a daemon line has \"ok\" (a reply) or \"event\" (a notification)")
        }
        guard ok else {
            guard var error = try object.object("error"), let code = try error.string("code") else {
                throw ProtocolError(.missingField, "an error reply has \"error\" with a \"code\"")
            }
            return .reply(.error(ProtocolError(wireCode: code, message: try error.string("message") ?? "")))
        }
        return .reply(try reply(&object))
    }

    private static func reply(_ object: inout WireObject) throws(ProtocolError) -> Reply {
        if object.has("id") {
            let priorityName = try object.string("priority") ?? Priority.default.rawValue
            return .announcement(
                Reply.Announcement(
                    id: try required(object.string("id"), "id"), text: try object.string("text") ?? "",
                    locale: try object.string("locale") ?? "", priority: Priority(rawValue: priorityName) ?? .default,
                    sound: try object.string("sound"), notices: try strings(object.array("notices"))))
        }
        if let entries = try object.array("history") {
            return .history(try entries.map(historyEntry))
        }
        if try object.bool("silent") == true { return .silent }
        if let sound = try object.string("sound") {
            return .sound(name: sound, milliseconds: try object.integer("ms") ?? 0)
        }
        if let version = try object.integer("protocol") {
            return .hello(
                Reply.Hello(
                    protocolVersion: version, client: try object.string("client") ?? "",
                    locale: try object.string("locale") ?? "", profile: try object.string("profile") ?? "",
                    events: try strings(object.array("events")),
                    screenReader: try object.bool("screen_reader") ?? false))
        }
        if let version = try object.string("version") {
            return .status(try status(version, &object))
        }
        if let rate = try object.integer("rate") {
            return .voice(
                Reply.Voice(
                    locale: try object.string("locale") ?? "", rate: rate, pitch: try object.integer("pitch") ?? 0,
                    volume: try object.integer("volume") ?? 0, effectsVolume: try object.integer("effects_volume") ?? 0,
                    variant: try object.string("variant"),
                    punctuation: Punctuation(rawValue: try object.string("punctuation") ?? "") ?? .none,
                    capitals: CapitalLetters(rawValue: try object.string("capitals") ?? "") ?? .none,
                    spelling: try object.bool("spelling") ?? false))
        }
        return .done
    }

    private static func status(_ version: String, _ object: inout WireObject) throws(ProtocolError) -> Reply.Status {
        var speaking: Reply.Status.Speaking?
        if var current = try object.object("speaking") {
            speaking = Reply.Status.Speaking(
                id: try current.string("id") ?? "", text: try current.string("text") ?? "",
                client: try current.string("client") ?? "")
        }
        var paused = Reply.Status.Paused()
        if var members = try object.object("paused") {
            paused = Reply.Status.Paused(
                all: try members.bool("all") ?? false, allBy: try members.string("by"),
                clients: try strings(members.array("clients")))
        }
        var output = try required(object.object("output"), "output")
        var counters: [Reply.Status.Counter] = []
        if let numbers = try object.object("counters") {
            for member in numbers.ordered {
                guard case .number(let text) = member.value.value, let value = JSONNumber.integer(text) else {
                    continue
                }
                counters.append(Reply.Status.Counter(member.key, value))
            }
        }
        var connected: [Reply.Status.Client] = []
        for node in try object.array("connected") ?? [] {
            guard case .object(let members) = node.value else { continue }
            var client = try WireObject(members, subject: "a connected client")
            guard let number = try client.integer("number").flatMap({ UInt64(exactly: $0) }) else { continue }
            connected.append(
                Reply.Status.Client(
                    number: number, name: try client.string("name") ?? "",
                    screenReader: try client.bool("screen_reader") ?? false))
        }
        var synthesizer: Reply.Status.Synthesizer?
        if var object = try object.object("synthesizer") {
            synthesizer = Reply.Status.Synthesizer(
                name: try object.string("name") ?? "", sandbox: try object.string("sandbox"),
                restarts: try object.integer("restarts") ?? 0)
        }
        var status = Reply.Status(
            version: version, speaking: speaking, queued: try object.integer("queued") ?? 0, paused: paused,
            clients: try object.integer("clients") ?? 0, connected: connected,
            profile: try object.string("profile") ?? "",
            profileFolder: try object.string("profile_folder") ?? "",
            output: try outputState(&output, millisecondsKey: "since_ms"),
            uptimeMilliseconds: try object.decimal("uptime_ms") ?? 0, counters: counters,
            defaults: try object.object("defaults").map { (defaults) throws(ProtocolError) in
                try self.defaults(defaults)
            })
        status.synthesizer = synthesizer
        return status
    }

    private static func defaults(_ object: WireObject) throws(ProtocolError) -> Reply.Status.Defaults {
        var object = object
        let texts = { (members: WireObject?) -> [Reply.Status.Text] in
            (members?.ordered ?? []).compactMap { member in
                guard case .string(let text) = member.value.value else { return nil }
                return Reply.Status.Text(member.key, text)
            }
        }
        return Reply.Status.Defaults(
            voice: Reply.Voice(
                locale: try object.string("locale") ?? "", rate: try object.integer("rate") ?? 0,
                pitch: try object.integer("pitch") ?? 0, volume: try object.integer("volume") ?? 0,
                effectsVolume: try object.integer("effects_volume") ?? 0),
            output: try object.string("output") ?? "", spokenNotices: try object.bool("spoken_notices") ?? false,
            voices: texts(try object.object("voices")),
            origins: texts(try object.object("from")), file: try object.string("file"))
    }

    private static func historyEntry(_ node: JSONNode) throws(ProtocolError) -> Reply.HistoryEntry {
        guard case .object(let members) = node.value else {
            throw ProtocolError(.invalidField, "a history entry is an object, not \(node.value.kindDescription)")
        }
        var entry = try WireObject(members, subject: "a history entry")
        let outcomeName = try required(entry.string("outcome"), "outcome")
        guard let outcome = try Outcome.read(name: outcomeName, from: &entry) else {
            throw ProtocolError(.invalidField, "\"\(outcomeName)\" is not an outcome of this protocol")
        }
        return Reply.HistoryEntry(
            id: try required(entry.string("id"), "id"), client: try entry.string("client") ?? "",
            text: try entry.string("text") ?? "",
            priority: Priority(rawValue: try entry.string("priority") ?? "") ?? .default, outcome: outcome,
            milliseconds: try entry.decimal("t_ms") ?? 0,
            clientNumber: try entry.integer("client_number").flatMap { UInt64(exactly: $0) },
            queuedMilliseconds: try entry.decimal("queued_ms"), ssml: try entry.bool("ssml") ?? false,
            latency: try AnnouncementLatency.read(from: &entry))
    }

    private static func notification(_ event: String, _ object: inout WireObject) throws(ProtocolError)
        -> Notification
    {
        if event == Notification.outputEvent {
            return .output(try outputState(&object, millisecondsKey: "t_ms"))
        }
        if event == Notification.markEvent {
            return .mark(
                Notification.MarkReport(
                    id: try required(object.string("id"), "id"), client: try object.string("client") ?? "",
                    name: try object.string("mark") ?? "", milliseconds: try object.decimal("t_ms") ?? 0))
        }
        if event == Notification.latencyEvent {
            return .latency(
                Notification.LatencyReport(
                    id: try required(object.string("id"), "id"), client: try object.string("client") ?? "",
                    latency: try AnnouncementLatency.read(from: &object) ?? AnnouncementLatency(),
                    milliseconds: try object.decimal("t_ms") ?? 0))
        }
        guard let outcome = try Outcome.read(name: event, from: &object) else {
            throw ProtocolError(.invalidField, "\"\(event)\" is not a notification of this protocol")
        }
        return .outcome(
            Notification.OutcomeReport(
                outcome: outcome, id: try required(object.string("id"), "id"),
                client: try object.string("client") ?? "",
                text: try object.string("text") ?? "", milliseconds: try object.decimal("t_ms") ?? 0,
                latency: try AnnouncementLatency.read(from: &object)))
    }

    private static func outputState(_ object: inout WireObject, millisecondsKey: String) throws(ProtocolError)
        -> OutputState
    {
        let condition: OutputState.Condition =
            try object.string("state") == "lost" ? .lost(reason: try object.string("reason") ?? "") : .working
        var state = OutputState(
            output: try object.string("output") ?? "", condition: condition,
            milliseconds: try object.decimal(millisecondsKey) ?? 0, underruns: try object.integer("underruns") ?? 0,
            latency: try object.object("latency").map { (latency) throws(ProtocolError) in
                var latency = latency
                return try OutputLatency.read(&latency)
            })
        state.latencyWarning = try object.string("latency_warning")
        state.server = try object.string("server")
        state.leadMilliseconds = try object.decimal("lead_ms")
        return state
    }

    private static func required<Value>(_ value: Value?, _ name: String) throws(ProtocolError) -> Value {
        guard let value else { throw ProtocolError(.missingField, "the line has no \"\(name)\"") }
        return value
    }

    private static func strings(_ nodes: [JSONNode]?) throws(ProtocolError) -> [String] {
        try (nodes ?? []).map { (node) throws(ProtocolError) in
            guard case .string(let text) = node.value else {
                throw ProtocolError(.invalidField, "a list of strings holds \(node.value.kindDescription)")
            }
            return text
        }
    }
}
