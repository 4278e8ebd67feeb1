import Testing

@testable import RetroRacingCore

/// The best score per difficulty, and what the game-over summary says about it.
@Suite("Best scores")
struct BestScoreTests {
    /// Ends a race at `score` with three crashes and returns the game-over event.
    private func finishRace(score: Int, difficulty: Difficulty, bests: [Difficulty: Int]) -> (RaceGame, RaceEvent?) {
        var game = RaceGame.running(score: score, difficulty: difficulty, bests: bests)
        var last: [RaceEvent] = []
        for _ in 0..<RaceGame.startingLives {
            _ = game.crash()
            last = game.resolveCollision()
        }
        return (game, last.first)
    }

    @Test(
        "a record must be strictly greater than the previous best; an equal score is not one",
        arguments: [
            (40 as Int?, 42, true, 42), (42, 42, false, 42), (50, 42, false, 50), (nil, 0, false, 0), (nil, 5, true, 5),
        ])
    func record(previous: Int?, score: Int, newRecord: Bool, best: Int) {
        let bests: [Difficulty: Int] = previous.map { [.cruise: $0] } ?? [:]
        let (game, event) = finishRace(score: score, difficulty: .cruise, bests: bests)
        #expect(
            event
                == .gameOver(
                    score: score, best: best, previousBest: previous ?? 0, newRecord: newRecord, difficulty: .cruise))
        #expect(game.best(for: .cruise) == best)
    }

    @Test("each difficulty keeps its own best")
    func perDifficulty() {
        let (game, event) = finishRace(score: 300, difficulty: .rapid, bests: [.cruise: 900, .rapid: 100])
        #expect(event == .gameOver(score: 300, best: 300, previousBest: 100, newRecord: true, difficulty: .rapid))
        #expect(game.bests == [.cruise: 900, .rapid: 300])
        #expect(game.best(for: .fast) == 0)
    }

    @Test("the record of one race is the previous best of the next")
    func carriesOver() {
        var (game, _) = finishRace(score: 120, difficulty: .fast, bests: [:])
        _ = game.restart()
        game.score = 80
        var last: [RaceEvent] = []
        for _ in 0..<3 {
            _ = game.crash()
            last = game.resolveCollision()
        }
        #expect(last == [.gameOver(score: 80, best: 120, previousBest: 120, newRecord: false, difficulty: .fast)])
    }

    @Test("an abandoned race sets no best")
    func abandoned() {
        var game = RaceGame.running(score: 500, difficulty: .fast)
        _ = game.restart()
        #expect(game.best(for: .fast) == 0)
        game.score = 600
        _ = game.finish()
        #expect(game.bests.isEmpty)
    }
}
