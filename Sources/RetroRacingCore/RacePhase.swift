/// Where a race is. Only `running` ticks and moves.
public enum RacePhase: String, Hashable, Sendable, CustomStringConvertible {
    /// Created, not started yet.
    case ready
    case running
    /// Stopped for a `PauseReason`; resuming returns to the phase it was paused from.
    case paused
    /// A crash has happened. The front end shows it for about 0.75 s and then calls `resolveCollision()`.
    case collision
    /// The last life is gone; `restart()` races again.
    case gameOver
    /// The player quit. Nothing changes any more.
    case finished

    public var description: String { rawValue }
}
