import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// Lines of the settings screen that a player must hear are heard to their end (issue 24): the
/// real game in tmux, the real daemon speaking at a listener's pace, outcomes read from its
/// notifications. The instruction line used to be cut within a millisecond by the first setting,
/// and "Settings closed." at once by "Resumed.".
@Suite("Settings lines heard to the end", .serialized)
struct SettingsLinesHeardTests {
    static let instruction = "Settings. Up and down arrows choose a setting, left and right change it, O closes."

    @Test(
        "Opened in a race, the instruction finishes before the first setting; closed, 'Settings closed.' finishes before 'Resumed.'; a key press still cuts the instruction"
    )
    func settingsLines() throws {
        let terminal = try GameInTerminal(prefix: "rh", realTime: true)
        defer { terminal.stop() }
        let folder = terminal.folder
        try FileManager.default.createDirectory(atPath: folder + "/data/retroracing", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/data/retroracing/help-narrated", contents: Data())
        let session = "rh\(getpid())"
        try tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", "sh")
        defer { _ = try? tmux("kill-session", "-t", session) }
        try tmux(
            "send-keys", "-t", session,
            "XDG_DATA_HOME=\(folder)/data XDG_CONFIG_HOME=\(folder)/config \(terminal.game) --socket \(terminal.socket) "
                + "--seed 3 --screen-reader on; tmux wait-for -S \(session)-ended", "Enter")

        var heard = try ends(until: "Press space to start. The question mark opens the help.", in: terminal)
        #expect(heard.last?.event == "finished")
        try tmux("send-keys", "-t", session, " ")
        _ = try ends(until: "Go! Speed: Cruise.", in: terminal)

        // Opened while the race runs: the race pauses without a word, the instruction is said whole,
        // then where the screen is.
        try tmux("send-keys", "-t", session, "o")
        heard = try ends(until: "Difficulty: Cruise. System default.", in: terminal)
        #expect(outcome(of: Self.instruction, in: heard) == "finished", "\(heard)")
        #expect(heard.last?.event == "finished", "\(heard)")
        #expect(
            heard.firstIndex { $0.text == Self.instruction } ?? .max
                < heard.firstIndex { $0.text == "Difficulty: Cruise. System default." } ?? -1, "\(heard)")

        // Closed: the race goes on, said after the screen has said it closed.
        try tmux("send-keys", "-t", session, "o")
        heard = try ends(until: "Resumed.", in: terminal)
        #expect(outcome(of: "Settings closed.", in: heard) == "finished", "\(heard)")
        #expect(heard.last?.event == "finished", "\(heard)")

        // The player's own key still cuts the instruction, as a screen reader's speech is cut by a key.
        try tmux("send-keys", "-t", session, "o")
        _ = try ends(until: nil, started: Self.instruction, in: terminal)
        try tmux("send-keys", "-t", session, "j")
        heard = try ends(until: "Lane cues: pulses. System default.", in: terminal)
        #expect(outcome(of: Self.instruction, in: heard) == "interrupted", "\(heard)")
        // q closes the screen, then quits.
        try tmux("send-keys", "-t", session, "qq")
        try tmux("wait-for", "\(session)-ended", limit: .seconds(30))
    }

    /// The announcements that ended (or, with `started`, began) until `text` ends or `started` starts,
    /// as the daemon's notifications tell them, in order.
    private func ends(
        until text: String?, started: String? = nil, in terminal: GameInTerminal
    ) throws -> [(event: String, text: String)] {
        let terminalEvents: Set = [
            "finished", "interrupted", "superseded", "expired", "dropped", "cancelled", "failed",
        ]
        var seen: [(event: String, text: String)] = []
        while true {
            let line = try #require(try terminal.listener.readLine(), "the daemon closed the stream; saw \(seen)")
            let values = fields(line)
            guard let event = values["event"] as? String, let said = values["text"] as? String else { continue }
            if event == "started", said == started { return seen }
            guard terminalEvents.contains(event) else { continue }
            seen.append((event, said))
            if said == text { return seen }
        }
    }

    private func outcome(of text: String, in ends: [(event: String, text: String)]) -> String? {
        ends.last { $0.text == text }?.event
    }

    @discardableResult
    private func tmux(_ arguments: String..., limit: Duration = .seconds(20)) throws -> String {
        try GameInTerminal.tmux(arguments, limit: limit)
    }
}
