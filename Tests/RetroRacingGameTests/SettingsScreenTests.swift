import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// The settings screen of the real game in a real terminal (tmux), against a real daemon: each
/// change is spoken (checked through the daemon's notifications) and saved, a choice survives a
/// change of the screen-reader state, and what was left to the system follows it.
@Suite("The game's settings", .serialized)
struct SettingsScreenTests {
    @Test(
        "Settings are spoken as they change, saved, keep the player's choice when the screen reader changes, and an old or broken file is mended"
    )
    func settingsScreen() throws {
        let terminal = try GameInTerminal(prefix: "rs")
        defer { terminal.stop() }
        let (folder, socket, game, listener) = (terminal.folder, terminal.socket, terminal.game, terminal.listener)
        // The help was read on an earlier run: the game only says how to start.
        try FileManager.default.createDirectory(atPath: folder + "/data/retroracing", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/data/retroracing/help-narrated", contents: Data())
        // Best scores, which no settings trouble may lose; and settings of the older format, with the
        // speed-warning announcements turned off.
        let bests = folder + "/data/retroracing/best-scores"
        _ = FileManager.default.createFile(atPath: bests, contents: Data("cruise 42\n".utf8))
        try FileManager.default.createDirectory(
            atPath: folder + "/config/retroracing", withIntermediateDirectories: true)
        let settingsFile = folder + "/config/retroracing/settings"
        _ = FileManager.default.createFile(atPath: settingsFile, contents: Data("announcements off\n".utf8))
        let session = "rs\(getpid())"
        /// Waits until `text` has been said to the end, and returns everything said until then.
        func hear(_ text: String) throws -> [String] {
            var heard: [String] = []
            while heard.last != text {
                let line: String?
                do {
                    line = try listener.readLine()
                } catch {
                    Issue.record(
                        "waiting for \"\(text)\", heard \(heard); the screen was:\n\((try? tmux("capture-pane", "-p", "-t", session)) ?? "")"
                    )
                    throw error
                }
                let values = fields(try #require(line, "the daemon closed the stream"))
                if values["event"] as? String == "finished", let said = values["text"] as? String { heard.append(said) }
            }
            return heard
        }

        /// The screen once it shows every one of `texts`: the game speaks a change before it redraws,
        /// so the spoken line can end before the frame is on the screen. Reads the pane again until
        /// it does, for at most 10 s (no sleeping: each read is a tmux round trip).
        func screenShowing(_ texts: [String]) throws -> String {
            let deadline = ContinuousClock.now + .seconds(10)
            var screen = try tmux("capture-pane", "-p", "-t", session)
            while !texts.allSatisfy(screen.contains), ContinuousClock.now < deadline {
                screen = try tmux("capture-pane", "-p", "-t", session)
            }
            return screen
        }

        try tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", "sh")
        defer { _ = try? tmux("kill-session", "-t", session) }
        let start = "XDG_DATA_HOME=\(folder)/data XDG_CONFIG_HOME=\(folder)/config \(game) --socket \(socket) --seed 3"
        // Each run signals this channel when the game has exited, so the next command line is never
        // typed into a game still running (it would read the line as keys).
        let ended = "; tmux wait-for -S \(session)-ended"

        // No screen reader: the system defaults are the sighted player's (rapid, no lane cues).
        try tmux("send-keys", "-t", session, start + " --screen-reader off" + ended, "Enter")
        _ = try hear("Press space to start. The question mark opens the help.")
        try tmux("send-keys", "-t", session, "o")
        _ = try hear("Difficulty: Rapid. System default.")
        try tmux("send-keys", "-t", session, "j")
        _ = try hear("Lane cues: off. System default.")
        try tmux("send-keys", "-t", session, "l")
        _ = try hear("Lane cues: pulses. Your choice.")
        // The sound-effects volume's system default without a screen reader: 80 %, as in the original.
        try tmux("send-keys", "-t", session, "jjjjj")
        _ = try hear("Sound effects volume: 80. System default.")
        try tmux("send-keys", "-t", session, "kkkkk")
        _ = try hear("Lane cues: pulses. Your choice.")
        let screen = try screenShowing(
            ["> Lane cues: pulses", "Settings moved to the new format", "  Difficulty: system default (rapid)"])
        #expect(screen.contains("> Lane cues: pulses"), "the screen was:\n\(screen)")
        #expect(screen.contains("Settings moved to the new format"), "the screen was:\n\(screen)")
        #expect(screen.contains("  Difficulty: system default (rapid)"), "the screen was:\n\(screen)")
        try tmux("send-keys", "-t", session, "o")
        _ = try hear("Settings closed.")
        let saved = try String(contentsOfFile: settingsFile, encoding: .utf8)
        #expect(saved.contains("\nlane_cues pulses\n") && saved.contains("\ndifficulty system\n"), "\(saved)")
        #expect(saved.contains("\nspeed_warning none\n") && !saved.contains("announcements"), "\(saved)")
        try tmux("send-keys", "-t", session, "q")
        try tmux("wait-for", "\(session)-ended", limit: .seconds(30))

        // With a screen reader, what was left to the system follows it; the choice stays.
        try tmux("send-keys", "-t", session, start + " --screen-reader on" + ended, "Enter")
        _ = try hear("Press space to start. The question mark opens the help.")
        try tmux("send-keys", "-t", session, "o")
        _ = try hear("Difficulty: Cruise. System default.")
        try tmux("send-keys", "-t", session, "j")
        _ = try hear("Lane cues: pulses. Your choice.")
        // Stereo lane cues are on by default, with or without a screen reader; the player may turn them off.
        try tmux("send-keys", "-t", session, "jj")
        _ = try hear("Stereo lane cues: on. System default.")
        try tmux("send-keys", "-t", session, "ll")
        _ = try hear("Stereo lane cues: off. Your choice.")
        try tmux("send-keys", "-t", session, "jj")
        _ = try hear("Speech rate: the narrator's own. System default.")
        try tmux("send-keys", "-t", session, "ll")
        _ = try hear("Speech rate: 200. Your choice.")
        // With a screen reader the sound-effects volume is the narrator's own; a choice is sent at once.
        try tmux("send-keys", "-t", session, "j")
        _ = try hear("Sound effects volume: the narrator's own. System default.")
        try tmux("send-keys", "-t", session, "lll")
        _ = try hear("Sound effects volume: 20. Your choice.")
        try tmux("send-keys", "-t", session, "o")
        _ = try hear("Settings closed.")
        try tmux("send-keys", "-t", session, " ")
        _ = try hear("Go! Speed: Cruise.")
        try tmux("send-keys", "-t", session, "q")
        try tmux("wait-for", "\(session)-ended", limit: .seconds(30))
        let after = try String(contentsOfFile: settingsFile, encoding: .utf8)
        #expect(after.contains("\nspeech_rate 200\n") && after.contains("\nlane_cues pulses\n"), "\(after)")
        #expect(after.contains("\neffects_volume 20\n") && after.contains("\nstereo_cues off\n"), "\(after)")

        // A broken file is reported once and replaced by the defaults; the best scores stay.
        _ = FileManager.default.createFile(atPath: settingsFile, contents: Data("version 1\nlane_cues loud\n".utf8))
        try tmux("send-keys", "-t", session, start + " --screen-reader on" + ended, "Enter")
        _ = try hear("Press space to start. The question mark opens the help.")
        let broken = try screenShowing(["could not be read", "(line 2:"])
        #expect(broken.contains("could not be read") && broken.contains("(line 2:"), "the screen was:\n\(broken)")
        try tmux("send-keys", "-t", session, "q")
        try tmux("wait-for", "\(session)-ended", limit: .seconds(30))
        let replaced = try String(contentsOfFile: settingsFile, encoding: .utf8)
        #expect(replaced.contains("\nlane_cues system\n") && replaced.contains("\nspeech_rate system\n"), "\(replaced)")
        #expect(try String(contentsOfFile: bests, encoding: .utf8) == "cruise 42\n")
    }

    @discardableResult
    private func tmux(_ arguments: String..., limit: Duration = .seconds(20)) throws -> String {
        try GameInTerminal.tmux(arguments, limit: limit)
    }
}
