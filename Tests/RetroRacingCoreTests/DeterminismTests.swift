import Testing

@testable import RetroRacingCore

/// One seed and one sequence of commands always give the same race.
@Suite("Determinism")
struct DeterminismTests {
    /// Plays a scripted race with a crash-prone driver and returns every event and the final state.
    private func play(seed: UInt64) -> ([RaceEvent], RaceGame) {
        var game = RaceGame(difficulty: .fast, seed: seed)
        var driver = Driver(seed: 99, missPerMille: 20)
        var log: [RaceEvent] = []
        driver.play(&game, ticks: 1_500) { log += $0.events }
        return (log, game)
    }

    @Test("the same seed gives the same events and the same road")
    func sameSeed() {
        let (first, firstGame) = play(seed: 42)
        let (second, secondGame) = play(seed: 42)
        #expect(first == second)
        #expect(firstGame == secondGame)
        #expect(first.contains { if case .levelUp = $0 { true } else { false } })
    }

    @Test("another seed gives other traffic")
    func otherSeed() {
        var one = RaceGame.running(seed: 1)
        var two = RaceGame.running(seed: 2)
        var roadsOne: [TrafficRow] = []
        var roadsTwo: [TrafficRow] = []
        for _ in 0..<20 {
            _ = one.tick()
            _ = two.tick()
            roadsOne.append(one.traffic.rows[0])
            roadsTwo.append(two.traffic.rows[0])
        }
        #expect(roadsOne != roadsTwo)
    }

    @Test("SplitMix64 gives the published stream for seed 0")
    func splitMixVector() {
        var source = SplitMix64(seed: 0)
        #expect(source.next() == 0xE220_A839_7B1D_CDAF)
        #expect(source.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(source.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("new rows keep a lane free and use every shape that does")
    func rowShapes() {
        var source = SplitMix64(seed: 5)
        var seen: Set<UInt8> = []
        for _ in 0..<2_000 {
            let drawn = TrafficRow.random(using: &source)
            #expect(drawn.carCount <= TrafficRow.maximumCars)
            seen.insert(drawn.mask)
        }
        #expect(seen == [0, 1, 2, 3, 4, 5, 6])
    }
}
