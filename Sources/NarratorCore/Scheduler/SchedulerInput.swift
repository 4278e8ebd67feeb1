public import NarratorWire

/// Everything that can happen to the scheduler. Each input is handed in with the current instant.
///
/// Not generic (it carries no instant), so the scheduler's core stays concrete; ``Scheduler/Input`` names it.
public enum SchedulerInput: Sendable, Hashable {
    /// A client asks for an announcement.
    case submit(Announcement)
    /// The engine began speaking `id` (after a `speak` action).
    case speechStarted(AnnouncementID)
    /// The engine reached the start of a sentence of `id` at `position` (an offset only the engine
    /// interprets); a cut announcement resumes from the last one reached.
    case speechReachedSentence(AnnouncementID, position: Int)
    /// The engine spoke `id` to the end (this may race a `stop` action and still wins).
    case speechFinished(AnnouncementID)
    /// The engine stopped `id`, normally because of a `stop` action.
    case speechStopped(AnnouncementID)
    /// The engine could not make it heard (the audio output failed); the reason says why.
    case speechFailed(AnnouncementID, reason: String)
    /// Time passed: the driver's timer for ``Scheduler/nextDeadline`` fired.
    case tick
    /// Removes waiting announcements and stops the speaking one if it matches.
    case cancel(CancelTarget)
    /// Silences speech: the speaking one (if it matches) is stopped and kept to resume.
    case pause(PauseTarget)
    /// Lifts a pause; see ``PauseTarget``.
    case resume(PauseTarget)
}

/// Which announcements a cancel removes.
public enum CancelTarget: Sendable, Hashable {
    case all
    /// Announcements whose scope is this scope or lies below it (`help` takes `help.section.3`).
    case scope(Scope)
    /// Announcements submitted by one client.
    case client(ClientID)
    /// Only the announcement being heard, of this client or (nil) whoever's; what waits keeps its turn,
    /// an announcement cut earlier and kept to resume included (SSIP's `STOP`, `narrator skip`).
    case speaking(ClientID?)
    /// The one announcement with this id, wherever it is: waiting, speaking, or cut earlier and kept to
    /// resume. An id that is nowhere (never submitted, or ended) takes nothing.
    case announcement(AnnouncementID)
}

/// Whose speech a pause or resume affects.
///
/// Pausing all and pausing a client are separate switches: nothing speaks while all is paused, and
/// a client's speech speaks only when neither all nor that client is paused. Resuming all lifts every
/// pause; resuming a client lifts only that client's own pause.
public enum PauseTarget: Sendable, Hashable {
    case all
    case client(ClientID)
}
