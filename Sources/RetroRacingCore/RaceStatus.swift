/// A snapshot of the race for the status line (which a braille display or terminal screen reader reads)
/// and for the `status_request` event the player asks for.
public struct RaceStatus: Hashable, Sendable, CustomStringConvertible {
    /// The wire `type` of a status request.
    public static let wireType = "status_request"

    public var score: Int
    public var level: Int
    public var lives: Int
    /// 0-based from the left, as on the wire; `text` says it 1-based.
    public var lane: Int
    public var phase: RacePhase
    public var pauseReason: PauseReason?

    public init(score: Int, level: Int, lives: Int, lane: Int, phase: RacePhase, pauseReason: PauseReason? = nil) {
        self.score = score
        self.level = level
        self.lives = lives
        self.lane = lane
        self.phase = phase
        self.pauseReason = pauseReason
    }

    /// `score`, `level`, `lives`, `lane` (0-based), as docs/EVENTS.md lists them for `status_request`.
    public var wireFields: [Request.Field] {
        [
            .init("score", .integer(score)), .init("level", .integer(level)), .init("lives", .integer(lives)),
            .init("lane", .integer(lane)),
        ]
    }

    /// The `status_request` event as one line of JSON for the daemon.
    public var jsonLine: String {
        Request.event(type: Self.wireType, fields: wireFields).line
    }

    /// One plain English line, short enough for an 80-column pane and a 40-cell braille display:
    /// `Score 120 | Level 2 | Lives 3 | Lane 2 of 3 | Paused`. The phase is added unless running.
    /// (Spoken status goes through the daemon, localized; this is what the screen shows.)
    public var text: String {
        var parts = [
            "Score \(score)", "Level \(level)", "Lives \(lives)", "Lane \(lane + 1) of \(TrafficRow.laneCount)",
        ]
        switch phase {
        case .running: break
        case .ready: parts.append("Ready")
        case .paused: parts.append(pauseReason == .overlay ? "Paused (help)" : "Paused")
        case .collision: parts.append("Crash")
        case .gameOver: parts.append("Game over")
        case .finished: parts.append("Finished")
        }
        return parts.joined(separator: " | ")
    }

    public var description: String { text }
}
