/// What happens to an announcement besides its priority: superseding, expiry, resuming and its scope.
///
/// The daemon's event map sets a policy per event; a request may override it.
public struct AnnouncementPolicy: Sendable, Hashable {
    /// A newer announcement of the same client with the same key replaces a queued one with that key,
    /// and stops a speaking one with that key unless that one is high (newest score wins).
    public var supersedes: String?
    /// The announcement is dropped as `expired` if it has not started this long after it was submitted.
    /// Once it has started it never expires, even if it is later cut and resumed.
    public var expires: Duration?
    /// When cut by other speech, go back to the front of its priority's line and later continue from the
    /// start of the sentence that was cut. Without it, cut speech ends as `interrupted`.
    public var resume: Bool
    /// A dotted name for cancelling a family of announcements (`help` cancels `help.section.3`).
    public var scope: Scope?

    public init(supersedes: String? = nil, expires: Duration? = nil, resume: Bool = false, scope: Scope? = nil) {
        self.supersedes = supersedes
        self.expires = expires
        self.resume = resume
        self.scope = scope
    }
}
