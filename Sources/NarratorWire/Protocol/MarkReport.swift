extension Notification {
    /// `{"event":"mark","id":"7","client":"spd-say","mark":"here","t_ms":1234.567}`: the listener
    /// reached the SSML `<mark name="here"/>` of announcement 7 (an SSML `say`'s, or an SSIP client's,
    /// whose index marks these are). Not an outcome: the announcement goes on.
    public struct MarkReport: Sendable, Hashable {
        public var id: String
        /// The name of the client whose announcement it is.
        public var client: String
        /// The mark's `name`.
        public var name: String
        /// Since the daemon started.
        public var milliseconds: Double

        public init(id: String, client: String, name: String, milliseconds: Double) {
            self.id = id
            self.client = client
            self.name = name
            self.milliseconds = milliseconds
        }
    }
}
