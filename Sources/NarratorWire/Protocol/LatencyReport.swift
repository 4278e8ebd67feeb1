extension Notification {
    /// `{"event":"latency","id":"7","client":"RetroRacing","t_ms":1234.567,"handed_ms":5.0,"audible_ms":12.0,
    /// "silent_ms":4.1}`: a latency of announcement 7 measured after the outcome that ended it was sent
    /// (mostly a stop's `silent_ms`), with all of its latencies known by then. Not an outcome; only
    /// to clients that subscribed with `"latency":true`.
    public struct LatencyReport: Sendable, Hashable {
        public var id: String
        /// The name of the client whose announcement it is.
        public var client: String
        public var latency: AnnouncementLatency
        /// Since the daemon started.
        public var milliseconds: Double

        public init(id: String, client: String, latency: AnnouncementLatency, milliseconds: Double) {
            self.id = id
            self.client = client
            self.latency = latency
            self.milliseconds = milliseconds
        }
    }
}
