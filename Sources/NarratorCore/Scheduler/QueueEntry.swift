import NarratorWire

/// An announcement waiting in the queue, with what the scheduler must remember about it.
struct QueueEntry: Sendable {
    var announcement: Announcement
    /// When it expires if still not started (time since the scheduler's epoch); `nil` when it has no
    /// expiry or has already started.
    var deadline: Duration?
    /// Where speech starts: 0, or the start of the sentence that was cut when it was suspended.
    var position: Int
    /// Whether it was ever handed to the engine. A started entry never expires, and it does not
    /// interrupt anyone when it comes back (it resumes after the speech that cut it).
    var hasStarted: Bool
    /// See ``QueueTicket/supersedeTag``; computed once per announcement.
    let supersedeTag: Int

    var id: AnnouncementID { announcement.id }
    var client: ClientID { announcement.client }
    var priority: Priority { announcement.priority }

    init(_ announcement: Announcement, submittedAt now: Duration) {
        self.announcement = announcement
        self.deadline = announcement.policy.expires.map { now + $0 }
        self.position = 0
        self.hasStarted = false
        self.supersedeTag = QueueTicket.tag(client: announcement.client, key: announcement.policy.supersedes)
    }

    /// Whether `newer` replaces this entry while it waits: same client and key, and a waiting high is
    /// only replaced by a newer high (a high is never lost to lower-priority speech).
    func isSuperseded(by newer: Announcement) -> Bool {
        guard let key = newer.policy.supersedes, announcement.client == newer.client,
            announcement.policy.supersedes == key
        else { return false }
        return priority != .high || newer.priority == .high
    }
}
