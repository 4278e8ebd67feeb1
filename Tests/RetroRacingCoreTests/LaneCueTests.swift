import Testing

@testable import RetroRacingCore

/// The lane cues: the player steers by `lanesAhead`, so it must come whenever the row the next tick
/// resolves changes, and tell exactly which of its lanes are free.
@Suite("Lane cues")
struct LaneCueTests {
    @Test("a race starts with the cue of its empty road: every lane safe")
    func start() {
        var game = RaceGame(seed: 3)
        #expect(game.start() == [.started(difficulty: .rapid), .lanesAhead(left: true, middle: true, right: true)])
        #expect(game.restart() == [.started(difficulty: .rapid), .lanesAhead(left: true, middle: true, right: true)])
    }

    @Test("every tick that goes on gives first the cue of the new row ahead; a crash gives none")
    func everyTick() {
        var driver = Driver(seed: 11, missPerMille: 50)
        var game = RaceGame(seed: 11)
        var cues = 0
        var crashes = 0
        driver.play(&game, ticks: 5_000) { record in
            if record.after.phase == .collision || record.after.phase == .gameOver {
                crashes += 1
                #expect(!record.events.contains { if case .lanesAhead = $0 { true } else { false } })
                return
            }
            let ahead = record.after.traffic.ahead
            let expected = RaceEvent.lanesAhead(
                left: !ahead.hasCar(inLane: 0), middle: !ahead.hasCar(inLane: 1), right: !ahead.hasCar(inLane: 2))
            #expect(record.events.first == expected)
            #expect(record.events.filter { $0 == expected }.count == 1)
            cues += 1
        }
        #expect(cues > 4_000)
        #expect(crashes > 10)
    }

    @Test("after a crash the cleared road is cued, unless the race is paused; resuming cues it")
    func afterCrash() {
        var game = RaceGame.running()
        _ = game.crash()
        #expect(
            game.resolveCollision() == [
                .collisionResolved(lives: 2), .lanesAhead(left: true, middle: true, right: true),
            ])

        var paused = RaceGame.running()
        _ = paused.crash()
        _ = paused.setPause(true, reason: .user)
        #expect(paused.resolveCollision() == [.collisionResolved(lives: 2)])
        #expect(
            paused.setPause(false, reason: .user) == [
                .pauseChanged(paused: false, reason: .user), .lanesAhead(left: true, middle: true, right: true),
            ])
    }

    @Test("resuming a race cues the row ahead as it is; resuming into a crash does not")
    func resume() {
        var game = RaceGame.running(road("...", "...", "...", ".XX"))
        _ = game.togglePause()
        #expect(
            game.togglePause() == [
                .pauseChanged(paused: false, reason: .user), .lanesAhead(left: true, middle: false, right: false),
            ])
        var crashed = RaceGame.running()
        _ = crashed.crash()
        _ = crashed.togglePause()
        #expect(crashed.togglePause() == [.pauseChanged(paused: false, reason: .user)])
    }
}
