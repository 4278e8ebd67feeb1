import Testing

@testable import RetroRacingCore

/// "Level change imminent": given once on entering 97-99 of each hundred, never at other times.
@Suite("Speed warning")
struct SpeedWarningTests {
    @Test(
        "entering 97-99 warns once; ticks inside the window do not warn again",
        arguments: [(95, "X.X", true), (96, "X..", true), (96, "X.X", true), (97, "X..", false), (94, "X.X", false)])
    func edge(score: Int, ahead: String, warns: Bool) {
        var game = RaceGame.running(road("...", "...", "...", ahead), score: score)
        let events = game.tick()
        #expect(events.contains(.levelChangeImminent(active: true)) == warns)
    }

    @Test("the warning comes after the score it is about")
    func order() {
        var game = RaceGame.running(road("...", "...", "...", "X.X"), score: 95)
        #expect(game.tick().withoutCues == [.scoreChanged(score: 97), .levelChangeImminent(active: true)])
        #expect(game.isLevelChangeImminent)
    }

    @Test("across thousands of seeded ticks, each level step is warned exactly once and only on entering 97-99")
    func exactlyOncePerLevel() {
        var levelUps = 0
        for seed in UInt64(1)...40 {
            var game = RaceGame(difficulty: .rapid, seed: seed)
            var driver = Driver(seed: seed, missPerMille: seed % 4 == 0 ? 0 : 8)
            var warnedThisLevel = false
            var race = 0
            driver.play(&game, ticks: 3_000) { record in
                if record.race != race {
                    race = record.race
                    warnedThisLevel = false
                }
                let before = record.before.score % 100
                let after = record.after.score % 100
                let sameLevel = record.after.level == record.before.level
                let entersWindow = sameLevel && before < 97 && after >= 97
                let warnings = record.events.filter { $0 == .levelChangeImminent(active: true) }.count
                let step = "seed \(seed): \(record.before.score) -> \(record.after.score)"
                #expect(warnings == (entersWindow ? 1 : 0), "\(step)")
                if warnings == 1 {
                    #expect(!warnedThisLevel, "seed \(seed): warned twice before \(record.after.level + 1)")
                    warnedThisLevel = true
                }
                if record.events.contains(.levelUp(level: record.after.level)) {
                    #expect(warnedThisLevel, "seed \(seed): level \(record.after.level) came without a warning")
                    #expect(!sameLevel)
                    warnedThisLevel = false
                    levelUps += 1
                } else {
                    #expect(sameLevel)
                }
            }
        }
        #expect(levelUps > 500)
    }
}
