import NarratorWire

/// The one announcement the engine has been told to speak, and how far it got.
struct Utterance: Sendable {
    var entry: QueueEntry
    /// The start of the last sentence the engine reported: where a cut announcement resumes.
    var lastSentence: Int
    /// Whether the engine confirmed the start (so `started` or `resumed` was reported).
    var engineStarted: Bool
    /// Whether this run continues a suspended announcement (reported as `resumed`, not `started`).
    var isResumption: Bool

    var id: AnnouncementID { entry.id }
}

/// Why the scheduler asked the engine to stop the utterance, which decides its outcome on confirmation.
enum StopReason: Sendable, Hashable {
    /// Cut by a newer announcement of a priority allowed to interrupt it.
    case interrupted(by: AnnouncementID)
    case superseded(by: AnnouncementID)
    case cancelled
    /// Silenced by a pause: always kept to resume, whatever its policy says.
    case paused

    /// Whether a later, final reason may replace this one: a stop that would keep the announcement
    /// can still become final (it was superseded or cancelled while stopping); a final one stays.
    func yields(resumable: Bool) -> Bool {
        switch self {
        case .paused: true
        case .interrupted: resumable
        case .superseded, .cancelled: false
        }
    }
}

/// The engine's side of the scheduler: at most one utterance, and never a new one while stopping.
///
/// Deliberately without payload: the utterance lives beside it (`SchedulerCore.current`) so that it is
/// updated in place, instead of copying an entry and its strings out of an enum and back on every reply.
enum SpeechPhase: Sendable, Equatable {
    case idle
    case speaking
    /// A `stop` was emitted; the engine has not confirmed it yet.
    case stopping(StopReason)
}
