extension RaceGame {
    /// Whether the race is paused (for any reason).
    public var isPaused: Bool { phase == .paused }

    /// Pauses (`paused: true`) or resumes (`paused: false`) for `reason`.
    ///
    /// A race pauses from `running` or `collision`; pausing an already paused race changes nothing, and
    /// the first reason stays. A resume lifts the pause only when the same reason caused it: closing the
    /// help (`.overlay`) does not resume a race the player paused (`.user`), and the player's resume key
    /// does not lift a pause the help caused. Resuming returns to the phase the race was paused from, with `lanesAhead` when that is running.
    public mutating func setPause(_ paused: Bool, reason: PauseReason) -> [RaceEvent] {
        if paused {
            guard phase == .running || phase == .collision else { return [] }
            resumePhase = phase
            phase = .paused
            pauseReason = reason
            return [.pauseChanged(paused: true, reason: reason)]
        }
        guard phase == .paused, pauseReason == reason else { return [] }
        phase = resumePhase
        pauseReason = nil
        // Back on the road: the player hears again where it is safe.
        return [.pauseChanged(paused: false, reason: reason)] + (phase == .running ? [lanesAhead] : [])
    }

    /// The pause key: resumes when paused, pauses otherwise; both for `reason` and under the rules of
    /// `setPause(_:reason:)`.
    public mutating func togglePause(reason: PauseReason = .user) -> [RaceEvent] {
        setPause(!isPaused, reason: reason)
    }
}
