import Testing

@testable import RetroRacingCore

@Suite("Replays")
struct ReplayTests {
    /// What the front end sends for a scripted run: every event line, in order.
    private func lines(seed: UInt64) -> [String] {
        var game = RaceGame(difficulty: .rapid, seed: seed)
        var sent = game.start().map(\.jsonLine)
        for step in 0..<400 {
            if step % 7 == 0 { sent += game.move(.left).map(\.jsonLine) }
            if step % 11 == 0 { sent += game.move(.right).map(\.jsonLine) }
            sent += game.tick().map(\.jsonLine)
            if game.phase == .collision { sent += game.resolveCollision().map(\.jsonLine) }
        }
        return sent
    }

    @Test("The same seed and keys replay the same narration, line for line; another seed does not")
    func sameSeedSameLines() {
        #expect(lines(seed: 42) == lines(seed: 42))
        #expect(lines(seed: 42) != lines(seed: 43))
    }
}
