/// What happened to an announcement, reported with the instant the scheduler learned it.
///
/// Every announcement gets `queued` first and exactly one terminal outcome last (see ``isTerminal``).
/// The daemon turns each report into a notification for the client; docs/PRIORITIES.md has the mapping.
/// The same type is read back from the wire by clients (`DaemonLine`): `name` is its `event`, the
/// payload its `by`, `position` or `reason`.
public enum Outcome: Sendable, Hashable {
    /// Accepted into the scheduler (it may start at once).
    case queued
    /// The speech engine began speaking it for the first time.
    case started
    /// Cut by higher-priority speech or by a pause, and kept: it will continue from `position`.
    case suspended(position: Int)
    /// The speech engine began speaking it again, from `position`, after it was suspended.
    case resumed(position: Int)

    /// Spoken to the end. Terminal.
    case finished
    /// Cut by another announcement (`by`), or stopped by the engine on its own (`nil`), and not kept
    /// because its policy does not ask to resume. Terminal.
    case interrupted(by: AnnouncementID?)
    /// Replaced by a newer announcement with the same superseding key. Terminal.
    case superseded(by: AnnouncementID)
    /// Not started within its expiry time. Terminal.
    case expired
    /// Removed because the queue was full (the oldest of the lowest priority present goes). Terminal.
    case dropped
    /// Removed by a cancel request (all, by scope, by client, of what is heard, or by id). Terminal.
    case cancelled
    /// Not heard: the audio output failed while it was spoken (`reason` says how). Terminal.
    case failed(reason: String)

    /// The outcome's name on the wire: a notification's `event`, a history entry's `outcome`.
    public var name: String {
        switch self {
        case .queued: "queued"
        case .started: "started"
        case .suspended: "suspended"
        case .resumed: "resumed"
        case .finished: "finished"
        case .interrupted: "interrupted"
        case .superseded: "superseded"
        case .expired: "expired"
        case .dropped: "dropped"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }

    /// Whether this is the announcement's last report: it has ended, heard or not.
    public var isTerminal: Bool {
        switch self {
        case .queued, .started, .suspended, .resumed: false
        case .finished, .interrupted, .superseded, .expired, .dropped, .cancelled, .failed: true
        }
    }
}
