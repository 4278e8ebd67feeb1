import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// The real game in a real terminal (tmux) against a real daemon, checked through the daemon's
/// notifications: what a player would have heard, in order.
@Suite("The game in a terminal", .serialized)
struct TmuxGameTests {
    @Test("A scripted game narrates the help, the speed warning before 100, lives after a crash, and the game over")
    func scriptedGame() throws {
        let terminal = try GameInTerminal(prefix: "rr")
        defer { terminal.stop() }
        let (folder, socket, game, listener) = (terminal.folder, terminal.socket, terminal.game, terminal.listener)

        let session = "rr\(getpid())"
        let command =
            "XDG_DATA_HOME=\(folder)/data XDG_CONFIG_HOME=\(folder)/config \(game) --socket \(socket) --seed 7 "
            + "--difficulty rapid --speed-warning announcement --autopilot 150 --tick-milliseconds 20; echo GAME-ENDED-$?; tmux wait-for -S \(session)-ended"
        try tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", "sh")
        defer { _ = try? tmux("kill-session", "-t", session) }
        try tmux("send-keys", "-t", session, command, "Enter")

        // Everything the game had spoken, up to its game-over summary.
        var heard: [String] = []
        var screen = ""
        while !(heard.last ?? "").hasPrefix("Game over") {
            let values = fields(try #require(try listener.readLine(), "the daemon closed the stream"))
            if values["event"] as? String == "finished", let text = values["text"] as? String { heard.append(text) }
            if heard.count == 8 { screen = try tmux("capture-pane", "-p", "-t", session) }
        }
        #expect(heard.first == "Go! Speed: Rapid.", "\(heard)")
        // First run with narration on: the four help parts, read one after another, then the race resumes.
        // The parts on cues go on line by line, each line after the cue it explains.
        let parts = heard.indices.filter { heard[$0].hasPrefix("Help, part") }
        #expect(parts.map { String(heard[$0].prefix(18)) } == (1...4).map { "Help, part \($0) of 4." }, "\(heard)")
        #expect(parts.first == 1 && parts.count == 4, "\(heard)")
        if parts.count == 4 {
            #expect(heard[parts[2]..<parts[3]].contains("Only the left lane is safe."), "\(heard)")
            #expect(heard[parts[3]...].contains("The rising chirp: the speed is about to rise."), "\(heard)")
        }
        #expect(heard.contains("Resumed."))
        let warning = try #require(heard.firstIndex(of: "Faster soon!"), "\(heard)")
        let levelUp = try #require(heard.firstIndex(of: "Faster! Level 2."))
        let crash = try #require(heard.firstIndex(of: "Crash! 2 lives left"))
        #expect(warning < levelUp && levelUp < crash)
        #expect(heard.last == "Game over. New record: 151! Previous best 0. Speed: Rapid.")
        #expect(screen.contains("Status: Score"), "the screen was:\n\(screen)")

        // Quit: the game leaves the alternate screen and the shell prints its exit status, then
        // signals the tmux channel this test waits on.
        try tmux("send-keys", "-t", session, "q")
        try tmux("wait-for", "\(session)-ended", limit: .seconds(60))
        let after = try tmux("capture-pane", "-p", "-t", session)
        #expect(after.contains("GAME-ENDED-0"), "\(after)")
        #expect(!after.contains("Status: Score"), "the game's screen was left behind:\n\(after)")
    }

    @discardableResult
    private func tmux(_ arguments: String..., limit: Duration = .seconds(20)) throws -> String {
        try GameInTerminal.tmux(arguments, limit: limit)
    }
}
