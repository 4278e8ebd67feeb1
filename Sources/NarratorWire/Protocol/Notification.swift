/// A line the daemon sends on its own, to a subscribed client: an announcement's outcome, or a
/// change of the sound output. Written (`line`) and read (`DaemonLine.parse`) here.
public enum Notification: Sendable, Hashable {
    case outcome(OutcomeReport)
    /// The sound output stopped working, or works again (`milliseconds` since the daemon started).
    case output(OutputState)

    /// `{"event":"finished","id":"7","client":"RetroRapid","text":"...","t_ms":1234.567}`, with
    /// `by` (the announcement that cut or replaced it), `position` or `reason` where they apply.
    public struct OutcomeReport: Sendable, Hashable {
        public var outcome: OutcomeName
        public var id: String
        /// The name of the client whose announcement it is.
        public var client: String
        public var text: String
        /// Since the daemon started.
        public var milliseconds: Double
        public var by: String?
        public var position: Int?
        public var reason: String?

        public init(
            outcome: OutcomeName, id: String, client: String, text: String, milliseconds: Double, by: String? = nil,
            position: Int? = nil, reason: String? = nil
        ) {
            self.outcome = outcome
            self.id = id
            self.client = client
            self.text = text
            self.milliseconds = milliseconds
            self.by = by
            self.position = position
            self.reason = reason
        }
    }

    /// The notification as one line of JSON, without the line break; `event` first.
    public var line: String {
        switch self {
        case .outcome(let report):
            var line = JSONObjectWriter()
            line.add("event", report.outcome.rawValue)
            line.add("id", report.id)
            line.add("client", report.client)
            line.add("text", report.text)
            line.add("t_ms", milliseconds: report.milliseconds)
            report.by.map { line.add("by", $0) }
            report.position.map { line.add("position", $0) }
            report.reason.map { line.add("reason", $0) }
            return line.text
        case .output(let state):
            return state.object(event: Self.outputEvent).text
        }
    }

    static let outputEvent = "output"
}

/// The outcomes an announcement can have, by their names on the wire (docs/PRIORITIES.md).
public enum OutcomeName: String, Sendable, Hashable, CaseIterable {
    case queued, started, suspended, resumed
    case finished, interrupted, superseded, expired, dropped, cancelled, failed

    /// Whether the announcement is gone after it: it has ended, heard or not.
    public var isEnding: Bool {
        switch self {
        case .queued, .started, .suspended, .resumed: false
        case .finished, .interrupted, .superseded, .expired, .dropped, .cancelled, .failed: true
        }
    }
}
