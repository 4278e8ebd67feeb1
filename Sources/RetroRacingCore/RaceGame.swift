/// The RetroRacing game as pure logic: a 5 x 3 road, three lives, scoring by overtakes, a level every
/// 100 points, the speed warning and the safety rows before each speed-up, pauses with reasons, and the
/// best score per difficulty.
///
/// No clock, no terminal, no randomness of its own: the front end calls `tick()` every `tickInterval`,
/// calls `resolveCollision()` about 0.75 s after a `collision`, and forwards the returned events to the
/// daemon. The traffic comes from a `SplitMix64` seeded at `init`, so one seed and one sequence of
/// commands always give the same race. Commands that do not apply in the current phase change nothing
/// and return no events.
public struct RaceGame: Hashable, Sendable {
    public static let startingLives = 3
    /// The middle lane, where the player starts and restarts after a crash.
    public static let startingLane = 1
    public static let pointsPerLevel = 100
    /// From this score within each hundred on, a level change is imminent (97, 98, 99).
    public static let warningPoints = 97

    public internal(set) var phase: RacePhase = .ready
    /// Changed only between races, by `setDifficulty(_:)`.
    public private(set) var difficulty: Difficulty
    public internal(set) var score = 0
    public internal(set) var lives = startingLives
    /// The player's lane, 0 (left) to 2 (right).
    public internal(set) var lane = startingLane
    /// The four rows above the player; `traffic.ahead` is resolved by the next tick.
    public internal(set) var traffic = TrafficGrid()
    /// What caused the current pause; nil unless `phase == .paused`.
    public internal(set) var pauseReason: PauseReason?
    /// The best score per difficulty, this session's races included: the front end persists it.
    public internal(set) var bests: [Difficulty: Int]

    /// The phase a pause returns to: running, or collision when the pause came during one.
    var resumePhase: RacePhase = .running
    var source: SplitMix64
    /// Whether the row that entered on the last tick was forced empty as a safety row (for tests).
    var lastRowWasSafety = false

    /// A race in `ready`, with traffic from `seed` and the stored best scores (missing ones count as 0).
    public init(difficulty: Difficulty = .rapid, seed: UInt64, bests: [Difficulty: Int] = [:]) {
        self.difficulty = difficulty
        self.bests = bests
        source = SplitMix64(seed: seed)
    }

    /// score / 100 + 1: the speed rises every 100 points, and a crash does not lower it.
    public var level: Int { score / Self.pointsPerLevel + 1 }

    /// How long the front end waits between ticks at the current level and difficulty.
    public var tickInterval: Duration { difficulty.tickInterval(level: level) }

    /// True while the score is 97-99 within its hundred: the next points raise the speed.
    public var isLevelChangeImminent: Bool { score % Self.pointsPerLevel >= Self.warningPoints }

    /// Whether the player's car is shown crashed: after a crash until the road is cleared, and at game over.
    public var isCrashed: Bool {
        phase == .collision || phase == .gameOver || (phase == .paused && resumePhase == .collision)
    }

    /// The best score at `difficulty` (0 when there is none).
    public func best(for difficulty: Difficulty) -> Int { bests[difficulty] ?? 0 }

    /// The race as the status line and `status_request` show it.
    public var status: RaceStatus {
        RaceStatus(
            score: score, level: level, lives: lives, lane: lane, phase: phase, pauseReason: pauseReason)
    }

    /// The `lanesAhead` event for the row the next tick resolves.
    public var lanesAhead: RaceEvent {
        let row = traffic.ahead
        return .lanesAhead(left: !row.hasCar(inLane: 0), middle: !row.hasCar(inLane: 1), right: !row.hasCar(inLane: 2))
    }

    /// Starts the race from `ready`.
    public mutating func start() -> [RaceEvent] {
        guard phase == .ready else { return [] }
        return beginRace()
    }

    /// Starts a new race at the same difficulty from any phase but `finished`, abandoning the current one
    /// (an abandoned race sets no best score). The traffic continues the seeded stream.
    public mutating func restart() -> [RaceEvent] {
        guard phase != .finished else { return [] }
        return beginRace()
    }

    /// Ends the game for good from any phase; the current race sets no best score.
    public mutating func finish() -> [RaceEvent] {
        guard phase != .finished else { return [] }
        phase = .finished
        pauseReason = nil
        return [.finished]
    }

    /// Changes the difficulty between races only (in `ready` or `gameOver`), so that a race's score always
    /// belongs to one difficulty. Returns whether it changed; the next `started` event reports it.
    @discardableResult
    public mutating func setDifficulty(_ newDifficulty: Difficulty) -> Bool {
        guard phase == .ready || phase == .gameOver else { return false }
        difficulty = newDifficulty
        return true
    }

    /// Moves one lane while running; at the edge nothing happens and nothing is emitted.
    public mutating func move(_ direction: MoveDirection) -> [RaceEvent] {
        guard phase == .running else { return [] }
        let target = lane + direction.laneOffset
        guard (0..<TrafficRow.laneCount).contains(target) else { return [] }
        lane = target
        return [.laneChanged(lane: lane, safe: !traffic.ahead.hasCar(inLane: lane))]
    }

    private mutating func beginRace() -> [RaceEvent] {
        phase = .running
        score = 0
        lives = Self.startingLives
        lane = Self.startingLane
        traffic = TrafficGrid()
        pauseReason = nil
        resumePhase = .running
        lastRowWasSafety = false
        return [.started(difficulty: difficulty), lanesAhead]
    }
}
