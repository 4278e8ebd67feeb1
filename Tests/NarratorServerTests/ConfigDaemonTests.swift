import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// The player's configuration file with a real `narrator serve`: read at start from
/// `$XDG_CONFIG_HOME/narrator/config`, under the command line's options and over the built-in
/// values, under each connection's own `set`, and read again on SIGHUP (docs/CONFIG.md).
@Suite("The configuration file in the daemon")
struct ConfigDaemonTests {
    /// A folder for `XDG_CONFIG_HOME` holding `narrator/config` with `text`; returns both paths.
    static func configHome(_ text: String) throws -> (home: String, file: String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-xdg-\(UUID())").path
        try FileManager.default.createDirectory(atPath: home + "/narrator", withIntermediateDirectories: true)
        try text.write(toFile: home + "/narrator/config", atomically: true, encoding: .utf8)
        return (home, home + "/narrator/config")
    }

    /// A connection's voice now, as `{"type":"set"}` reports it: rate, pitch, volume, effects volume.
    static func voice(_ client: LineClient) throws -> [Int] {
        try client.send(#"{"type":"set"}"#)
        let reply = fields(try #require(try client.readLine()))
        return ["rate", "pitch", "volume", "effects_volume"].map { reply[$0] as? Int ?? -1 }
    }

    @Test(
        "The file over built-in, serve's options over the file, a connection's set over both; SIGHUP takes an edited file for every connection that did not set its own, and keeps the last good one when broken"
    )
    func precedenceAndReload() throws {
        let (home, file) = try Self.configHome("# my voice\nrate 300\nvoice.pl pl+f3\neffects_volume 70\n")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let daemon = try DaemonProcess(
            arguments: ["--output", "null", "--pitch", "60"], environment: ["XDG_CONFIG_HOME": home])
        defer { _ = daemon.stop() }

        let status = fields(try daemon.request(#"{"type":"status"}"#))
        let defaults = try #require(status["defaults"] as? [String: Any])
        #expect(defaults["rate"] as? Int == 300 && defaults["pitch"] as? Int == 60 && defaults["volume"] as? Int == 100)
        #expect(defaults["effects_volume"] as? Int == 70)
        #expect(defaults["voices"] as? [String: String] == ["pl": "pl+f3"])
        #expect(
            defaults["from"] as? [String: String] == [
                "locale": "built-in", "rate": "\(file):2", "pitch": "command line", "volume": "built-in",
                "effects_volume": "\(file):4", "output": "command line", "spoken_notices": "built-in",
                "ssip": "built-in", "wine": "built-in", "screen_reader": "built-in", "voice.pl": "\(file):3",
            ])
        #expect(defaults["file"] as? String == file)

        let chose = try daemon.client()
        let left = try daemon.client()
        try chose.send(#"{"type":"set","rate":200,"effects_volume":50}"#)
        #expect(fields(try #require(try chose.readLine()))["rate"] as? Int == 200)
        #expect(try Self.voice(left) == [300, 60, 100, 70])
        // An announcement in Polish is spoken (with the file's Polish voice, which the engine has).
        try left.send(#"{"type":"say","text":"Dzień dobry.","priority":"high"}"#)
        #expect(fields(try #require(try left.readLine()))["ok"] as? Bool == true)

        try "# my voice\nrate 250\n".write(toFile: file, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("rate 250 (line 2)"))
        #expect(try Self.voice(left) == [250, 60, 100, 100])
        #expect(try Self.voice(chose) == [200, 60, 100, 50])
        #expect(try Self.voice(try daemon.client()) == [250, 60, 100, 100])
        try chose.send(#"{"type":"set","rate":null}"#)
        #expect(fields(try #require(try chose.readLine()))["rate"] as? Int == 250)

        try "# my voice\nrate fast\n".write(toFile: file, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("The settings were not reloaded, keeping the last good ones: \(file):2:"))
        #expect(try Self.voice(try daemon.client()) == [250, 60, 100, 100])
    }

    @Test("A broken file at start: the daemon serves with the built-in values and says which line to fix")
    func brokenAtStart() throws {
        let (home, file) = try Self.configHome("rate 300\nvolume loud\n")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let daemon = try DaemonProcess(environment: ["XDG_CONFIG_HOME": home])
        defer { _ = daemon.stop() }
        #expect(daemon.logText.contains("warning: \(file):2: volume must be a whole number, not \"loud\""))
        #expect(daemon.logText.contains("Using the built-in settings"))
        #expect(try Self.voice(try daemon.client()) == [175, 50, 100, 100])
    }

    @Test("An option of serve that the checks refuse stops it with the reason")
    func refusedOption() throws {
        let (home, file) = try Self.configHome("")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let run = try runNarrator([
            "serve", "--socket", home + "/n.sock", "--config", file, "--output", "null", "--voice", "pl=pl+f9",
        ])
        #expect(run.status != 0)
        #expect(run.errors.contains("--voice pl=pl+f9: espeak-ng has no variant \"f9\""), "\(run.errors)")
    }
}
