import NarratorJSON

/// A line the daemon sends on its own, to a subscribed client: an announcement's outcome, or a
/// change of the sound output. Written (`line`) and read (`DaemonLine.parse`) here.
public enum Notification: Sendable, Hashable {
    case outcome(OutcomeReport)
    /// The sound output stopped working, or works again (`milliseconds` since the daemon started).
    case output(OutputState)
    /// The listener reached an SSML `<mark name="..."/>` of an announcement.
    case mark(MarkReport)
    /// A latency of an announcement measured after its end (its stop's `silent_ms`), to clients
    /// that asked for it.
    case latency(LatencyReport)

    /// `{"event":"finished","id":"7","client":"RetroRapid","text":"...","t_ms":1234.567}`, with
    /// `by` (the announcement that cut or replaced it), `position` or `reason` where the outcome has them.
    public struct OutcomeReport: Sendable, Hashable {
        public var outcome: Outcome
        public var id: String
        /// The name of the client whose announcement it is.
        public var client: String
        public var text: String
        /// Since the daemon started.
        public var milliseconds: Double
        /// On an outcome that ends an announcement: how long it took to be heard, and to fall
        /// silent when stopped, as far as measured by then.
        public var latency: AnnouncementLatency?

        public init(
            outcome: Outcome, id: String, client: String, text: String, milliseconds: Double,
            latency: AnnouncementLatency? = nil
        ) {
            self.latency = latency
            self.outcome = outcome
            self.id = id
            self.client = client
            self.text = text
            self.milliseconds = milliseconds
        }
    }

    /// The notification as one line of JSON, without the line break; `event` first.
    public var line: String {
        switch self {
        case .outcome(let report):
            var line = JSONObjectWriter()
            line.add("event", report.outcome.name)
            line.add("id", report.id)
            line.add("client", report.client)
            line.add("text", report.text)
            line.add("t_ms", milliseconds: report.milliseconds)
            report.outcome.addPayload(to: &line)
            report.latency?.add(to: &line)
            return line.text
        case .output(let state):
            return state.object(event: Self.outputEvent).text
        case .mark(let report):
            var line = JSONObjectWriter()
            line.add("event", Self.markEvent)
            line.add("id", report.id)
            line.add("client", report.client)
            line.add("mark", report.name)
            line.add("t_ms", milliseconds: report.milliseconds)
            return line.text
        case .latency(let report):
            var line = JSONObjectWriter()
            line.add("event", Self.latencyEvent)
            line.add("id", report.id)
            line.add("client", report.client)
            line.add("t_ms", milliseconds: report.milliseconds)
            report.latency.add(to: &line)
            return line.text
        }
    }

    static let outputEvent = "output"
    static let markEvent = "mark"
    static let latencyEvent = "latency"
}
