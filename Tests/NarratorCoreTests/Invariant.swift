/// The properties the scheduler must keep over any sequence of inputs and engine replies.
enum Invariant: String, CaseIterable, Sendable {
    /// A high is never dropped, interrupted or superseded while speaking; only cancel or pause stops it.
    case highNeverCut
    /// No `speak` while another utterance speaks or is being stopped; `stop` only for the speaking one.
    case atMostOneSpeaking
    /// The queue holds at most its bound, or nothing but highs.
    case boundHolds
    /// `queued` first, then exactly one terminal outcome, after which nothing more.
    case oneTerminalOutcome
    /// Within one client and priority, fresh announcements start in arrival order (a superseding one
    /// takes the turn of the first one it replaced in its line; exempt if that one had started).
    case arrivalOrder
    /// Speech starts at 0 the first time, and a resumed announcement at the last sentence start the
    /// engine reported for it.
    case resumeAtReachedSentence
    /// The scheduler never sits idle while something may speak, and drains once pauses are lifted.
    case neverStalls
}
