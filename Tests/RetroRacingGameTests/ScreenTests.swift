import Foundation
import RetroRacingCore
import Testing

@testable import retroracing

@Suite("The game's screen")
struct ScreenTests {
    /// The frame's lines as the terminal shows them, without the escape sequences.
    private func visibleLines(_ frame: String) -> [String] {
        var text = frame
        for code in ["\u{1B}[H", "\u{1B}[K", "\u{1B}[J"] { text = text.replacingOccurrences(of: code, with: "") }
        return text.components(separatedBy: "\r\n")
    }

    @Test("Every frame fits 80x24, with a long notice, in play and in every help part")
    func fitsTheTerminal() {
        var screen = Screen()
        screen.message =
            "Narration is off: no narrator answers on /run/user/1000/narrator/narrator.sock. Start one with "
            + "`narrator serve`; the game connects when it appears."
        var game = RaceGame(difficulty: .rapid, seed: 3)
        _ = game.start()
        for _ in 0..<20 { _ = game.tick() }
        let frames =
            [screen.frame(game, narration: "off (no narrator yet)", help: nil)]
            + HelpSection.allCases.map { screen.frame(game, narration: "on", help: $0) }
        for frame in frames {
            let lines = visibleLines(frame)
            #expect(lines.count <= 24, "\(lines.count) lines")
            #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        }
    }

    @Test("The status line is plain words a braille display can show")
    func plainStatus() {
        var game = RaceGame(difficulty: .cruise, seed: 1)
        _ = game.start()
        let status = visibleLines(Screen().frame(game, narration: "on", help: nil)).first { $0.hasPrefix("Status:") }
        #expect(status == "Status: Score 0 | Level 1 | Lives 3 | Lane 2 of 3")
    }
}
