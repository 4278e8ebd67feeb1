import Glibc

/// The speed of a race. Each has its own tick interval curve and its own best score.
public enum Difficulty: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The slowest; the default with a screen reader running.
    case cruise
    case fast
    /// The fastest; from level 10 on it ticks every 50 ms, faster than speech can follow.
    case rapid

    /// The name on the wire (`started`, `game_over`) and on the command line: `cruise`, `fast`, `rapid`.
    public var wireName: String { rawValue }

    public var description: String { rawValue }

    /// Seconds between ticks at level 1.
    public var initialInterval: Double {
        switch self {
        case .cruise: 1.44
        case .fast: 0.96
        case .rapid: 0.60
        }
    }

    /// How gently the level shortens the interval: it falls by ln(level) / divider seconds.
    public var logDivider: Double {
        switch self {
        case .cruise: 5.0
        case .fast: 4.5
        case .rapid: 4.0
        }
    }

    /// The shortest interval, in seconds; reached at level 122 (cruise), 26 (fast) and 10 (rapid).
    public var floorInterval: Double {
        switch self {
        case .cruise: 0.48
        case .fast: 0.24
        case .rapid: 0.05
        }
    }

    /// max(floor, initial - ln(level) / divider) seconds; levels below 1 count as 1.
    public func intervalSeconds(level: Int) -> Double {
        let level = Double(max(level, 1))
        return max(floorInterval, initialInterval - log(level) / logDivider)
    }

    /// The tick interval at `level`, rounded to whole microseconds so that it compares exactly
    /// (a terminal timer has no use for attoseconds).
    public func tickInterval(level: Int) -> Duration {
        .microseconds(Int64((intervalSeconds(level: level) * 1_000_000).rounded()))
    }
}
