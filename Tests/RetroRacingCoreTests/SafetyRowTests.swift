import Testing

@testable import RetroRacingCore

/// Before each speed-up the rows entering the road are left empty, so that the two rows directly ahead
/// of the player are clear at the tick the speed rises, without a visible car ever disappearing.
@Suite("Safety rows")
struct SafetyRowTests {
    @Test("a row entering now is two rows ahead after two more ticks and directly ahead after three")
    func rowTiming() {
        var game = RaceGame.running(seed: 7)
        var entered: [TrafficRow] = []
        for _ in 0..<4 {
            _ = game.tick()
            entered.append(game.traffic.rows[0])
        }
        #expect(game.traffic.rows[2] == entered[1])  // entered two ticks before the last
        #expect(game.traffic.ahead == entered[0])  // entered three ticks before the last
    }

    /// Score 95 and a road worth 0, 2, 2 and 1 points (bottom up): the ticks score 95, 97, 99, 100, so the
    /// speed rises on tick 4. Rows entering on ticks 1 and 2 are rows 3 and 2 then: they must be empty;
    /// the rows entering on ticks 3 and 4 are further up and stay as drawn.
    @Test("the two rows entering three and two ticks before the speed-up are left empty, no others")
    func craftedSpeedUp() {
        var game = RaceGame.running(road("X..", "X.X", "X.X", "..."), score: 95, lane: 1)
        var safety: [Bool] = []
        var levelUpTick: Int?
        for tick in 1...4 {
            let events = game.tick()
            safety.append(game.lastRowWasSafety)
            if events.contains(.levelUp(level: 2)) { levelUpTick = tick }
        }
        #expect(levelUpTick == 4)
        #expect(safety == [true, true, false, false])
        #expect(game.traffic.isClearAhead)
        #expect(game.score == 100)
    }

    @Test(
        "at every speed-up of long seeded runs the two rows ahead are clear and no visible car was removed",
        arguments: [0, 10])
    func longRuns(missPerMille: Int) {
        var speedUps = 0
        for seed in UInt64(100)..<130 {
            var game = RaceGame(difficulty: .fast, seed: seed)
            var driver = Driver(seed: seed, missPerMille: missPerMille)
            driver.play(&game, ticks: 2_500) { record in
                let (before, after) = (record.before.traffic.rows, record.after.traffic.rows)
                if record.after.phase == .collision {
                    #expect(after == before, "seed \(seed): a crash leaves the road as it was")
                } else {
                    #expect(Array(after[1...]) == Array(before[..<3]), "seed \(seed): the road only moves down")
                }
                if record.events.contains(where: { if case .levelUp = $0 { true } else { false } }) {
                    #expect(record.after.traffic.isClearAhead, "seed \(seed) level \(record.after.level)")
                    speedUps += 1
                }
            }
        }
        #expect(speedUps > 200)
    }

    @Test("without crashes, a safety row enters exactly on the two ticks three and two before each speed-up")
    func onlyTheNeededRows() {
        var forcedEmpty = 0
        for seed in UInt64(200)..<220 {
            var game = RaceGame(difficulty: .cruise, seed: seed)
            var driver = Driver(seed: seed, missPerMille: 0)
            var tick = 0
            var safetyTicks: Set<Int> = []
            var speedUpTicks: [Int] = []
            driver.play(&game, ticks: 2_000) { record in
                tick += 1
                #expect(record.after.phase == .running)
                if record.after.lastRowWasSafety { safetyTicks.insert(tick) }
                if record.after.level > record.before.level { speedUpTicks.append(tick) }
            }
            // A safety row in the last three ticks may be for a speed-up after the run ends.
            let settled = tick - 3
            let expected = Set(speedUpTicks.flatMap { [$0 - 3, $0 - 2] })
            #expect(safetyTicks.filter { $0 <= settled } == expected.filter { $0 <= settled }, "seed \(seed)")
            forcedEmpty += safetyTicks.count
        }
        #expect(forcedEmpty > 100)
    }
}
