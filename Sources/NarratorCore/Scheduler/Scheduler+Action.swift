public import NarratorWire

extension Scheduler {
    /// What the driver must do after an input, in order.
    public enum Action: Sendable, Hashable {
        /// Hand `text` to the speech engine, starting at `from` (0, or a sentence start the engine reported).
        /// Never emitted while another announcement is speaking or being stopped.
        case speak(AnnouncementID, text: String, from: Int)
        /// Ask the engine to stop `id`; it answers later with `speechStopped` (or `speechFinished` if it
        /// got to the end first).
        case stop(AnnouncementID)
        /// Tell the client what happened to one of its announcements.
        case report(Report)
    }

    /// One outcome of one announcement, stamped with the instant of the input that caused it.
    public struct Report: Sendable, Hashable {
        public var id: AnnouncementID
        public var outcome: Outcome
        public var at: Instant

        public init(id: AnnouncementID, outcome: Outcome, at: Instant) {
            self.id = id
            self.outcome = outcome
            self.at = at
        }
    }
}
