import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// The game's "repeat last" key (e) in a real terminal against a real daemon: the narrator says
/// the game's last announcement again, from the race and from the settings alike.
@Suite("The game's repeat key", .serialized)
struct RepeatKeyTests {
    @Test("e says the game's last announcement again, as a new announcement of the game, wherever the player is")
    func repeatLast() throws {
        let terminal = try GameInTerminal(prefix: "rk")
        defer { terminal.stop() }
        let (folder, socket, game, listener) = (terminal.folder, terminal.socket, terminal.game, terminal.listener)
        // The help was read on an earlier run: the game only says how to start.
        try FileManager.default.createDirectory(atPath: folder + "/data/retroracing", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/data/retroracing/help-narrated", contents: Data())
        let session = "rk\(getpid())"
        /// Waits until `text` has been said to the end; returns the announcement's id and client.
        func hear(_ text: String) throws -> (id: String, client: String) {
            while true {
                let line = try #require(try listener.readLine(), "the daemon closed the stream")
                guard let report = (try? DaemonLine.parse(line))?.outcome else { continue }
                if report.outcome == .finished && report.text == text { return (report.id, report.client) }
            }
        }

        try tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", "sh")
        defer { _ = try? tmux("kill-session", "-t", session) }
        try tmux(
            "send-keys", "-t", session,
            "XDG_DATA_HOME=\(folder)/data XDG_CONFIG_HOME=\(folder)/config \(game) --socket \(socket) --screen-reader off",
            "Enter")
        let ready = "Press space to start. The question mark opens the help."
        let first = try hear(ready)
        try tmux("send-keys", "-t", session, "e")
        let again = try hear(ready)
        #expect(again.id != first.id && again.client == first.client, "\(first) then \(again)")
        let screen = try tmux("capture-pane", "-p", "-t", session)
        #expect(screen.contains("e repeat last."), "the screen was:\n\(screen)")

        // In the settings, the last thing said is the setting: that is what e repeats.
        try tmux("send-keys", "-t", session, "o")
        let setting = "Difficulty: Rapid. System default."
        _ = try hear(setting)
        try tmux("send-keys", "-t", session, "e")
        _ = try hear(setting)
        try tmux("send-keys", "-t", session, "q")
    }

    @discardableResult
    private func tmux(_ arguments: String..., limit: Duration = .seconds(20)) throws -> String {
        try GameInTerminal.tmux(arguments, limit: limit)
    }
}
