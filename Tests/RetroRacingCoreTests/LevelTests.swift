import Testing

@testable import RetroRacingCore

/// A level every 100 points, and the tick interval each level gets at each difficulty.
@Suite("Levels and speed")
struct LevelTests {
    @Test(
        "the level is score / 100 + 1",
        arguments: [(0, 1), (1, 1), (99, 1), (100, 2), (101, 2), (199, 2), (200, 3), (950, 10)])
    func level(score: Int, level: Int) {
        #expect(RaceGame.running(score: score).level == level)
        #expect(RaceGame.level(forScore: score) == level)
    }

    @Test(
        "the tick interval is max(floor, initial - ln(level) / divider), exact to the microsecond",
        arguments: [
            (Difficulty.cruise, 1, 1_440_000), (.cruise, 2, 1_301_371), (.cruise, 10, 979_483),
            (.cruise, 121, 480_842), (.cruise, 122, 480_000), (.cruise, 500, 480_000),
            (.fast, 1, 960_000), (.fast, 2, 805_967), (.fast, 10, 448_314),
            (.fast, 25, 244_694), (.fast, 26, 240_000), (.fast, 500, 240_000),
            (.rapid, 1, 600_000), (.rapid, 2, 426_713), (.rapid, 9, 50_694),
            (.rapid, 10, 50_000), (.rapid, 500, 50_000),
        ])
    func interval(difficulty: Difficulty, level: Int, microseconds: Int64) {
        #expect(difficulty.tickInterval(level: level) == .microseconds(microseconds))
    }

    @Test("the race's tick interval follows its score and difficulty", arguments: Difficulty.allCases)
    func raceInterval(difficulty: Difficulty) {
        #expect(RaceGame.running(score: 0, difficulty: difficulty).tickInterval == difficulty.tickInterval(level: 1))
        #expect(
            RaceGame.running(score: 934, difficulty: difficulty).tickInterval == difficulty.tickInterval(level: 10))
    }

    @Test("slower difficulties tick slower at every level")
    func ordering() {
        for level in 1...200 {
            #expect(Difficulty.cruise.tickInterval(level: level) > Difficulty.fast.tickInterval(level: level))
            #expect(Difficulty.fast.tickInterval(level: level) > Difficulty.rapid.tickInterval(level: level))
        }
    }

    @Test("reaching the next hundred ends the warning and raises the level and the speed")
    func levelUp() {
        var game = RaceGame.running(road("...", "...", "...", "X.."), score: 99)
        let slower = game.tickInterval
        #expect(
            game.tick().withoutCues == [
                .scoreChanged(score: 100), .levelChangeImminent(active: false), .levelUp(level: 2),
            ])
        #expect(game.level == 2)
        #expect(game.tickInterval < slower)
        #expect(!game.isLevelChangeImminent)
    }

    @Test("a crash does not lower the level")
    func crashKeepsLevel() {
        var game = RaceGame.running(score: 250)
        _ = game.crash()
        _ = game.resolveCollision()
        #expect(game.level == 3)
    }
}
