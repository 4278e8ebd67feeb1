extension RaceGame {
    /// The level for a score: score / 100 + 1.
    public static func level(forScore score: Int) -> Int { score / pointsPerLevel + 1 }

    /// One step of the road, while running. The row directly ahead is resolved first: a rival in the
    /// player's lane is a crash (a life is lost, the road stops as it is and the phase becomes `collision`);
    /// otherwise each of its cars is overtaken for a point. Then the road moves down one row and a new row
    /// enters at the top.
    ///
    /// Emits `lanesAhead` for the new row ahead, then `scoreChanged` when points were scored, then `levelChangeImminent(active: true)` when the score
    /// enters 97-99 of its hundred, or `levelChangeImminent(active: false)` and `levelUp` when it reaches the
    /// next hundred. As a tick scores at most 2, the score cannot jump over 97-99, so every speed-up is
    /// warned exactly once.
    public mutating func tick() -> [RaceEvent] {
        guard phase == .running else { return [] }
        let ahead = traffic.ahead
        if ahead.hasCar(inLane: lane) {
            lives -= 1
            phase = .collision
            return [.collision(lives: lives)]
        }
        let before = score
        score += ahead.carCount
        enterRow()
        // The cue first: it is what the player steers by before the next tick.
        var events: [RaceEvent] = [lanesAhead]
        guard score != before else { return events }

        events.append(.scoreChanged(score: score))
        let wasImminent = before % Self.pointsPerLevel >= Self.warningPoints
        if level > Self.level(forScore: before) {
            if wasImminent { events.append(.levelChangeImminent(active: false)) }
            events.append(.levelUp(level: level))
        } else if isLevelChangeImminent && !wasImminent {
            events.append(.levelChangeImminent(active: true))
        }
        return events
    }

    /// After a crash (the front end calls this about 0.75 s after `collision`, also while paused): with
    /// lives left the road is cleared, the player goes back to the middle lane and the race goes on
    /// (`collisionResolved`, then `lanesAhead` unless paused); with none the race is over (`gameOver`, which also updates `bests`).
    public mutating func resolveCollision() -> [RaceEvent] {
        let pausedInCollision = phase == .paused && resumePhase == .collision
        guard phase == .collision || pausedInCollision else { return [] }
        guard lives > 0 else { return [endRace()] }
        traffic = TrafficGrid()
        lane = Self.startingLane
        if pausedInCollision {
            resumePhase = .running
        } else {
            phase = .running
        }
        return [.collisionResolved(lives: lives)] + (phase == .running ? [lanesAhead] : [])
    }

    /// Draws the next row and lets it in at the top, or an empty row in its place when it would be one of
    /// the two rows directly ahead at a speed-up.
    ///
    /// A row entering now (tick t) is row 2 after tick t + 2 and row 3 after tick t + 3; the speed rises on
    /// the tick whose points reach the next hundred. So it must be empty when that tick is t + 2 or t + 3.
    /// Which tick that is, the road already tells exactly: ticks t + 1, t + 2 and t + 3 resolve the rows that
    /// are now rows 2, 1 and 0, and score their cars unless the player crashes (a crash clears the road, and
    /// the look-ahead starts again from an empty one). Only the new row is ever emptied: no car the player
    /// can see disappears. The row is drawn either way, so the seeded stream advances one row per tick.
    private mutating func enterRow() {
        let drawn = TrafficRow.random(using: &source)
        let upcoming = traffic.rows[0..<TrafficGrid.aheadIndex].reversed().map(\.carCount)
        var scores = [score]
        for points in upcoming { scores.append(scores[scores.count - 1] + points) }
        let levels = scores.map(Self.level(forScore:))
        let speedUpAtTwo = levels[2] > levels[1]
        let speedUpAtThree = levels[3] > levels[2]
        lastRowWasSafety = speedUpAtTwo || speedUpAtThree
        traffic.advance(entering: lastRowWasSafety ? .empty : drawn)
    }

    private mutating func endRace() -> RaceEvent {
        let previousBest = best(for: difficulty)
        let newRecord = score > previousBest
        if newRecord { bests[difficulty] = score }
        phase = .gameOver
        pauseReason = nil
        resumePhase = .running
        return .gameOver(
            score: score, best: max(score, previousBest), previousBest: previousBest, newRecord: newRecord,
            difficulty: difficulty)
    }
}
