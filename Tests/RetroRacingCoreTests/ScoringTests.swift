import Testing

@testable import RetroRacingCore

/// Overtakes, crashes and the road moving down: the rules of one tick.
@Suite("Scoring and crashes")
struct ScoringTests {
    @Test(
        "each car in the row ahead is overtaken for a point when the player's lane is free",
        arguments: [("...", 1, 0), ("X..", 1, 1), ("..X", 0, 1), ("X.X", 1, 2), (".XX", 0, 2), ("XX.", 2, 2)])
    func overtakes(ahead: String, lane: Int, points: Int) {
        var game = RaceGame.running(road("...", "...", "...", ahead), score: 10, lane: lane)
        let events = game.tick().withoutCues
        #expect(game.score == 10 + points)
        #expect(events == (points == 0 ? [] : [.scoreChanged(score: 10 + points)]))
        #expect(game.phase == .running)
        #expect(game.lives == 3)
    }

    @Test("the road moves down one row, the overtaken row leaves and a new row enters at the top")
    func roadMovesDown() {
        var game = RaceGame.running(road("X..", ".X.", "..X", "X.X"), lane: 1)
        _ = game.tick()
        #expect(Array(game.traffic.rows[1...]) == [row("X.."), row(".X."), row("..X")])
        #expect(game.traffic.rows[0].carCount <= TrafficRow.maximumCars)
    }

    @Test("only the row directly ahead counts: cars further up score nothing yet")
    func onlyTheRowAheadScores() {
        var game = RaceGame.running(road("XX.", "X.X", ".XX", "..."), lane: 1)
        #expect(game.tick() == [.lanesAhead(left: true, middle: false, right: false)])
        #expect(game.score == 0)
    }

    @Test("a rival in the player's lane is a crash: a life is lost, nothing scores and the road stops")
    func crash() {
        let traffic = road("X..", "...", "..X", "XX.")
        var game = RaceGame.running(traffic, score: 50, lane: 1)
        #expect(game.tick().withoutCues == [.collision(lives: 2)])
        #expect(game.phase == .collision)
        #expect(game.isCrashed)
        #expect(game.lives == 2)
        #expect(game.score == 50)
        #expect(game.traffic == traffic)
    }

    @Test("during the collision nothing ticks or moves until it is resolved")
    func collisionFreezes() {
        var game = RaceGame.running(road("...", "...", "...", ".X."))
        _ = game.tick()
        #expect(game.tick().isEmpty)
        #expect(game.move(.left).isEmpty)
        #expect(game.lane == 1)
    }

    @Test("resolving a collision clears the road and puts the player back in the middle")
    func collisionResolved() {
        var game = RaceGame.running(road("X..", ".X.", "X.X", "X.."), score: 30, lane: 0)
        _ = game.tick()
        #expect(game.resolveCollision().withoutCues == [.collisionResolved(lives: 2)])
        #expect(game.phase == .running)
        #expect(!game.isCrashed)
        #expect(game.traffic.isEmpty)
        #expect(game.lane == 1)
        #expect(game.score == 30)
        #expect(game.resolveCollision().isEmpty)
    }

    @Test("the third crash ends the race with the summary once the collision is resolved")
    func gameOver() {
        var game = RaceGame.running(score: 42, difficulty: .fast, bests: [.fast: 40, .rapid: 500])
        #expect(game.crash() == [.collision(lives: 2)])
        _ = game.resolveCollision()
        #expect(game.crash() == [.collision(lives: 1)])
        _ = game.resolveCollision()
        #expect(game.crash() == [.collision(lives: 0)])
        #expect(game.phase == .collision)
        #expect(
            game.resolveCollision().withoutCues == [
                .gameOver(score: 42, best: 42, previousBest: 40, newRecord: true, difficulty: .fast)
            ])
        #expect(game.phase == .gameOver)
        #expect(game.tick().isEmpty)
        #expect(game.move(.left).isEmpty)
    }

    @Test("moving at the edges does nothing and says nothing", arguments: [(0, MoveDirection.left), (2, .right)])
    func edges(lane: Int, direction: MoveDirection) {
        var game = RaceGame.running(lane: lane)
        #expect(game.move(direction).isEmpty)
        #expect(game.lane == lane)
    }

    @Test("moving between lanes reports the new 0-based lane, and whether the row ahead is free there")
    func moves() {
        var game = RaceGame.running(road("...", "...", "...", "X.X"))
        #expect(game.move(.left) == [.laneChanged(lane: 0, safe: false)])
        #expect(game.move(.right) == [.laneChanged(lane: 1, safe: true)])
        #expect(game.move(.right) == [.laneChanged(lane: 2, safe: false)])
    }

    @Test("before the start nothing moves or ticks")
    func ready() {
        var game = RaceGame(seed: 1)
        #expect(game.phase == .ready)
        #expect(game.move(.left).isEmpty)
        #expect(game.tick().isEmpty)
        #expect(game.start().withoutCues == [.started(difficulty: .rapid)])
        #expect(game.start().isEmpty)
    }
}
