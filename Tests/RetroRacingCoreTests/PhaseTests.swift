import Testing

@testable import RetroRacingCore

/// Pauses with reasons, restart, finish and the difficulty between races.
@Suite("Phases and pauses")
struct PhaseTests {
    @Test("a pause stops ticks and moves; resuming for the same reason goes on", arguments: PauseReason.allCases)
    func pauseAndResume(reason: PauseReason) {
        var game = RaceGame.running(road("...", "...", "...", "X.X"))
        #expect(game.setPause(true, reason: reason).withoutCues == [.pauseChanged(paused: true, reason: reason)])
        #expect(game.phase == .paused)
        #expect(game.pauseReason == reason)
        #expect(game.tick().isEmpty)
        #expect(game.move(.left).isEmpty)
        #expect(game.setPause(false, reason: reason).withoutCues == [.pauseChanged(paused: false, reason: reason)])
        #expect(game.phase == .running)
        #expect(game.pauseReason == nil)
        #expect(game.tick().withoutCues == [.scoreChanged(score: 2)])
    }

    @Test("a user resume does not lift the help's pause, and closing the help resumes it")
    func overlayPause() {
        var game = RaceGame.running()
        _ = game.setPause(true, reason: .overlay)
        #expect(game.togglePause(reason: .user).isEmpty)
        #expect(game.setPause(false, reason: .user).isEmpty)
        #expect(game.phase == .paused)
        #expect(game.setPause(false, reason: .overlay).withoutCues == [.pauseChanged(paused: false, reason: .overlay)])
        #expect(game.phase == .running)
    }

    @Test("the help opened and closed during a user pause leaves the race paused")
    func helpDuringUserPause() {
        var game = RaceGame.running()
        #expect(game.togglePause().withoutCues == [.pauseChanged(paused: true, reason: .user)])
        #expect(game.setPause(true, reason: .overlay).isEmpty)
        #expect(game.setPause(false, reason: .overlay).isEmpty)
        #expect(game.pauseReason == .user)
        #expect(game.togglePause().withoutCues == [.pauseChanged(paused: false, reason: .user)])
        #expect(game.phase == .running)
    }

    @Test("a pause in a collision returns to it, and the collision may be resolved while paused")
    func pauseInCollision() {
        var game = RaceGame.running()
        _ = game.crash()
        _ = game.setPause(true, reason: .inactive)
        #expect(game.isCrashed)
        #expect(game.resolveCollision().withoutCues == [.collisionResolved(lives: 2)])
        #expect(game.phase == .paused)
        #expect(
            game.setPause(false, reason: .inactive).withoutCues == [.pauseChanged(paused: false, reason: .inactive)])
        #expect(game.phase == .running)

        _ = game.crash()
        _ = game.setPause(true, reason: .user)
        _ = game.setPause(false, reason: .user)
        #expect(game.phase == .collision)
    }

    @Test("there is nothing to pause before the start, at game over or after finishing")
    func nothingToPause() {
        var ready = RaceGame(seed: 1)
        #expect(ready.togglePause().isEmpty)
        var over = RaceGame.running()
        for _ in 0..<3 {
            _ = over.crash()
            _ = over.resolveCollision()
        }
        #expect(over.phase == .gameOver)
        #expect(over.togglePause().isEmpty)
        _ = over.finish()
        #expect(over.togglePause().isEmpty)
    }

    @Test("restart begins a fresh race at the same difficulty from any phase but finished")
    func restart() {
        var game = RaceGame.running(road("X..", "...", "X.X", "..."), score: 321, lane: 0, difficulty: .cruise)
        _ = game.crash()
        _ = game.setPause(true, reason: .user)
        #expect(game.restart().withoutCues == [.started(difficulty: .cruise)])
        #expect(game.phase == .running)
        #expect(game.score == 0 && game.lives == 3 && game.lane == 1 && game.level == 1)
        #expect(game.traffic.isEmpty)
        #expect(game.pauseReason == nil)
    }

    @Test("finish ends everything once")
    func finish() {
        var game = RaceGame.running()
        _ = game.setPause(true, reason: .user)
        #expect(game.finish() == [.finished])
        #expect(game.phase == .finished)
        #expect(game.finish().isEmpty)
        #expect(game.restart().isEmpty)
        #expect(game.setPause(false, reason: .user).isEmpty)
    }

    @Test("the difficulty changes only between races, and the next start reports it")
    func difficulty() {
        var game = RaceGame(difficulty: .rapid, seed: 3)
        var changed = game.setDifficulty(.fast)
        #expect(changed)
        #expect(game.start().withoutCues == [.started(difficulty: .fast)])
        changed = game.setDifficulty(.cruise)
        #expect(!changed)
        _ = game.setPause(true, reason: .user)
        changed = game.setDifficulty(.cruise)
        #expect(!changed)
        #expect(game.difficulty == .fast)
        _ = game.setPause(false, reason: .user)
        for _ in 0..<3 {
            _ = game.crash()
            _ = game.resolveCollision()
        }
        changed = game.setDifficulty(.cruise)
        #expect(changed)
        #expect(game.restart().withoutCues == [.started(difficulty: .cruise)])
    }
}
