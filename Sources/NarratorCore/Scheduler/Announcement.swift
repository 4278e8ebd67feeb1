public import NarratorWire

/// One thing to say: text, who asked, how urgently, and its policy.
public struct Announcement: Sendable, Hashable {
    /// Unique for the life of the scheduler; see ``AnnouncementID``.
    public var id: AnnouncementID
    public var client: ClientID
    /// The text handed to the speech engine. Positions in it are opaque offsets chosen by the engine.
    public var text: String
    public var priority: Priority
    public var policy: AnnouncementPolicy

    public init(
        id: AnnouncementID,
        client: ClientID,
        text: String,
        priority: Priority = .default,
        policy: AnnouncementPolicy = AnnouncementPolicy()
    ) {
        self.id = id
        self.client = client
        self.text = text
        self.priority = priority
        self.policy = policy
    }
}
