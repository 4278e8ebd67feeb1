/// What a command changed, one case per event of the RetroRacing wire protocol (docs/EVENTS.md, "The
/// shipped map"), with the fields it documents. The front end sends each as `jsonLine` to the daemon.
///
/// `help` and `status_request` are not here: the model never causes them; `HelpSection` and `RaceStatus`
/// build them when the player asks.
public enum RaceEvent: Hashable, Sendable {
    /// A race began (`start()` or `restart()`).
    case started(difficulty: Difficulty)
    /// The player moved; `lane` is 0-based from the left. The front end sends it twice: as
    /// `lane_changed` (the lane, spoken) and as `moved` (the move cue, with `safe`: whether the row
    /// ahead is free in that lane).
    case laneChanged(lane: Int, safe: Bool)
    /// The row the next tick resolves, every time it changes (each tick, and when a race starts or goes
    /// on after a crash): which lanes of it are safe, left to right. The player steers by these cues.
    case lanesAhead(left: Bool, middle: Bool, right: Bool)
    case scoreChanged(score: Int)
    /// `true` when the score enters the last points before a speed-up (97-99 of each hundred), once per
    /// level step; `false` at the speed-up itself, just before `levelUp`.
    case levelChangeImminent(active: Bool)
    /// The speed rose; `level` is the new level.
    case levelUp(level: Int)
    /// A crash; `lives` is what is left after it (0: `gameOver` follows when the collision is resolved).
    case collision(lives: Int)
    /// The road was cleared after a crash and the race goes on with `lives` left.
    case collisionResolved(lives: Int)
    /// The race is over. `best` is the best at this difficulty including this race, `previousBest` the best
    /// before it, and `newRecord` is true only when `score` is strictly greater than `previousBest`.
    case gameOver(score: Int, best: Int, previousBest: Int, newRecord: Bool, difficulty: Difficulty)
    /// Paused or resumed; `reason` is what caused the pause (and, on resume, what lifted it).
    case pauseChanged(paused: Bool, reason: PauseReason)
    /// The player quit.
    case finished

    /// The wire `type`: `started`, `lane_changed`, `lanes_ahead`, `score_changed`,
    /// `level_change_imminent`, `level_up`, `collision`, `collision_resolved`, `game_over`,
    /// `pause_changed`, `finished`.
    public var wireType: String {
        switch self {
        case .started: "started"
        case .laneChanged: "lane_changed"
        case .lanesAhead: "lanes_ahead"
        case .scoreChanged: "score_changed"
        case .levelChangeImminent: "level_change_imminent"
        case .levelUp: "level_up"
        case .collision: "collision"
        case .collisionResolved: "collision_resolved"
        case .gameOver: "game_over"
        case .pauseChanged: "pause_changed"
        case .finished: "finished"
        }
    }

    /// The event's JSON fields besides `type`, named and ordered as docs/EVENTS.md lists them.
    public var wireFields: [Request.Field] {
        switch self {
        case .started(let difficulty):
            [.init("difficulty", .string(difficulty.wireName))]
        case .laneChanged(let lane, let safe):
            [.init("lane", .integer(lane)), .init("safe", .bool(safe))]
        case .lanesAhead(let left, let middle, let right):
            [.init("left", .bool(left)), .init("middle", .bool(middle)), .init("right", .bool(right))]
        case .scoreChanged(let score):
            [.init("score", .integer(score))]
        case .levelChangeImminent(let active):
            [.init("active", .bool(active))]
        case .levelUp(let level):
            [.init("level", .integer(level))]
        case .collision(let lives), .collisionResolved(let lives):
            [.init("lives", .integer(lives))]
        case .gameOver(let score, let best, let previousBest, let newRecord, let difficulty):
            [
                .init("score", .integer(score)), .init("best", .integer(best)),
                .init("previous_best", .integer(previousBest)),
                .init("new_record", .bool(newRecord)), .init("difficulty", .string(difficulty.wireName)),
            ]
        case .pauseChanged(let paused, let reason):
            [.init("paused", .bool(paused)), .init("reason", .string(reason.wireName))]
        case .finished:
            []
        }
    }

    /// The whole event as one line of JSON for the daemon, without the line break:
    /// `{"type":"collision","lives":2}`.
    public var jsonLine: String {
        Request.event(type: wireType, fields: wireFields).line
    }
}
