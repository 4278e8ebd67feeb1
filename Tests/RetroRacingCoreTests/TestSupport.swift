@testable import RetroRacingCore

/// A row from a picture, left to right: `"X.X"` has cars in lanes 0 and 2.
func row(_ picture: String) -> TrafficRow {
    precondition(picture.count == TrafficRow.laneCount, "a row picture has three characters")
    return TrafficRow(cars: Set(picture.enumerated().filter { $0.element == "X" }.map(\.offset)))
}

/// A road from pictures, top row first.
func road(_ pictures: String...) -> TrafficGrid {
    TrafficGrid(rows: pictures.map(row))
}

extension RaceGame {
    /// A running race with a crafted road, score and lane.
    static func running(
        _ traffic: TrafficGrid = TrafficGrid(), score: Int = 0, lane: Int = 1,
        difficulty: Difficulty = .rapid, seed: UInt64 = 1, bests: [Difficulty: Int] = [:]
    ) -> RaceGame {
        var game = RaceGame(difficulty: difficulty, seed: seed, bests: bests)
        _ = game.start()
        game.traffic = traffic
        game.score = score
        game.lane = lane
        return game
    }

    /// Puts a rival directly ahead of the player and ticks into it.
    mutating func crash() -> [RaceEvent] {
        traffic = road("...", "...", "...", lane == 0 ? "X.." : lane == 1 ? ".X." : "..X")
        return tick()
    }
}

/// One tick of a long run, as the checks need it.
struct TickRecord {
    /// Which race of the run this tick belongs to, from 0: a new race starts after each game over.
    var race: Int
    var before: RaceGame
    var after: RaceGame
    var events: [RaceEvent]
}

/// Plays races the way a player would, for long seeded runs: before each tick it steers into the nearest
/// free lane of the row ahead, except that now and then it misses (and crashes). Collisions are resolved
/// at once, and a new race starts after each game over.
struct Driver {
    /// Its own seeded source, so that its misses are reproducible and independent of the traffic.
    var source: SplitMix64
    /// Chance of not steering on a tick, in thousandths (0: never crashes).
    var missPerMille: Int

    init(seed: UInt64, missPerMille: Int) {
        source = SplitMix64(seed: seed ^ 0xD1B5_4A32_D192_ED03)
        self.missPerMille = missPerMille
    }

    /// Plays `ticks` ticks of `game` and calls `check` after each.
    mutating func play(_ game: inout RaceGame, ticks: Int, check: (TickRecord) -> Void) {
        if game.phase == .ready { _ = game.start() }
        var race = 0
        for _ in 0..<ticks {
            steer(&game)
            let before = game
            let events = game.tick()
            check(TickRecord(race: race, before: before, after: game, events: events))
            if game.phase == .collision { _ = game.resolveCollision() }
            if game.phase == .gameOver {
                _ = game.restart()
                race += 1
            }
        }
    }

    private mutating func steer(_ game: inout RaceGame) {
        guard source.next(below: 1000) >= missPerMille else { return }
        let free = game.traffic.ahead.freeLanes
        guard let target = free.min(by: { abs($0 - game.lane) < abs($1 - game.lane) }) else { return }
        while game.lane != target {
            _ = game.move(target < game.lane ? .left : .right)
        }
    }
}

extension [RaceEvent] {
    /// The events but the lane cues, for checks about the others (`LaneCueTests` checks the cues).
    var withoutCues: [RaceEvent] {
        filter {
            if case .lanesAhead = $0 { return false }
            return true
        }
    }
}
