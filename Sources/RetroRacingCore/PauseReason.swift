/// Why a race is paused. A pause is only lifted by the reason that caused it, so that closing the help
/// does not resume a race the player paused on purpose.
public enum PauseReason: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The race starts paused, e.g. until the first key press; lift it with `setPause(false, reason: .startup)`.
    case startup
    /// The player pressed pause.
    case user
    /// The help or a menu covers the road.
    case overlay
    /// The terminal lost focus or the game was suspended.
    case inactive

    /// The `reason` field of `pause_changed`: `startup`, `user`, `overlay`, `inactive`.
    public var wireName: String { rawValue }

    public var description: String { rawValue }
}
