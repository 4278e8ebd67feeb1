import Foundation
import NarratorServer
import NarratorVoice
import Testing

/// The player's configuration file read and edited in memory: its lines, its errors with their
/// line, and edits that keep every comment and other line.
@Suite("The configuration file")
struct ConfigFileTests {
    static let path = "/home/ann/.config/narrator/config"

    static let sample = """
        # My narrator.
        rate 300

          # Polish in a woman's voice
          voice.pl   pl+f3
        output wav:/tmp/my speech.wav\r

        """

    @Test("Settings are name and value lines; comments, blank lines, indentation and CRLF are fine")
    func readsSettings() throws {
        let entries = try ConfigFile(text: Self.sample).entries(path: Self.path)
        #expect(entries.map(\.key) == [.rate, .voice(language: "pl"), .output])
        #expect(entries.map(\.value) == ["300", "pl+f3", "wav:/tmp/my speech.wav"])
        #expect(entries.map(\.line) == [2, 5, 6])
    }

    @Test(
        "A line that is not a setting is an error with the file and line, saying how to fix it",
        arguments: [
            ("rate 300\nspeed 200\n", "config:2: unknown setting \"speed\""),
            ("# x\nrate\n", "config:2: rate has no value"),
            ("rate = 300\n", "config:1: write \"rate 300\": the name, a space and the value"),
            ("rate 300\n\nrate 200\n", "config:3: rate is set twice (first on line 1)"),
            ("voice.pt-BR a\nvoice.pt_br b\n", "config:2: voice.pt-br is set twice (first on line 1)"),
            ("voice. x\n", "config:1: unknown setting \"voice.\""),
        ])
    func reportsTheLine(text: String, message: String) throws {
        let error = #expect(throws: ConfigError.self) { try ConfigFile(text: text).entries(path: Self.path) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        #expect(error?.description.hasPrefix(Self.path) == true)
    }

    @Test("set changes the value on the setting's own line and keeps every other line as written")
    func setKeepsTheRest() throws {
        var file = ConfigFile(text: Self.sample)
        file.set(.voice(language: "pl"), to: "pl+f5")
        file.set(.rate, to: "320")
        #expect(
            file.text == """
                # My narrator.
                rate 320

                  # Polish in a woman's voice
                  voice.pl pl+f5
                output wav:/tmp/my speech.wav

                """)
        #expect(file.line(of: .voice(language: "pl")) == 5)
    }

    @Test("set adds a missing setting at the end; a new file starts with a comment saying what it is")
    func setAdds() throws {
        var file = ConfigFile(text: "# mine\nrate 300")
        file.set(.pitch, to: "60")
        #expect(file.text == "# mine\nrate 300\npitch 60\n")
        var new = ConfigFile(text: "")
        new.set(.locale, to: "pl")
        #expect(new.lines.first?.hasPrefix("# Narrator") == true)
        #expect(try new.entries(path: Self.path).map(\.key) == [.locale])
    }

    @Test("remove takes out every line of the setting, however spelled, and says whether there was one")
    func removes() throws {
        var file = ConfigFile(text: "# a\nvoice.pt-BR x\nrate 300\nvoice.pt_br y\n")
        let removed = file.remove(.voice(language: "pt-br"))
        #expect(removed)
        #expect(file.text == "# a\nrate 300\n")
        let again = file.remove(.pitch)
        #expect(!again)
        #expect(file.text == "# a\nrate 300\n")
    }
}

/// The daemon's defaults: built in, the file over them, `narrator serve`'s options over that, each
/// value checked as the daemon checks a client's, and where each comes from.
@Suite("The daemon's defaults")
struct DaemonDefaultsTests {
    static let checks = ConfigChecks(voices: FakeSpeaker()) { $0 == "nowhere" ? "unknown output \"nowhere\"" : nil }

    /// Writes `text` as a configuration file in a new folder; returns its path.
    static func file(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-config-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("config").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("Built in, then the file over it, then the command line over both; each says where it comes from")
    func layers() throws {
        let path = try Self.file("rate 300\npitch 40\nvoice.pl pl+f3\neffects_volume 80\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let config = UserConfig(
            path: path, commandLine: [(.pitch, "60", "--pitch"), (.locale, "de", "--locale")], checks: Self.checks)
        let loaded = try config.load()
        let defaults = loaded.defaults
        #expect(defaults.voice == VoiceRequest(locale: "de", rate: 300, pitch: 60, volume: 100))
        #expect(defaults.origin(of: .rate) == .file(path: path, line: 1))
        #expect(defaults.origin(of: .pitch) == .commandLine)
        #expect(defaults.origin(of: .locale) == .commandLine)
        #expect(defaults.origin(of: .volume) == .builtIn)
        #expect(defaults.effectsVolume == 80 && defaults.origin(of: .effectsVolume) == .file(path: path, line: 4))
        #expect(defaults.origin(of: .voice(language: "pl")).description == "\(path):3")
        #expect(loaded.fileExists)
        #expect(loaded.summary(path: path).contains("rate 300 (line 1)"))
    }

    @Test("latency_warn_ms is a whole number of milliseconds, 1-10000; unset it is not listed and warns never")
    func latencyWarn() throws {
        var defaults = DaemonDefaults.builtIn
        #expect(defaults.latencyWarnMilliseconds == nil)
        #expect(!defaults.settings.contains { $0.key == .latencyWarn })
        try defaults.take(.latencyWarn, "30", from: .commandLine, checks: Self.checks)
        #expect(defaults.latencyWarnMilliseconds == 30)
        #expect(defaults.settings.contains { $0.key == .latencyWarn && $0.value == "30" })
        #expect(ConfigKey(name: "latency_warn_ms") == .latencyWarn)
        for refused in ["0", "fast", "20000"] {
            #expect(throws: ConfigValueError.self) {
                try defaults.take(.latencyWarn, refused, from: .commandLine, checks: Self.checks)
            }
        }
    }

    @Test("screen_reader names SSIP clients, separated by commas, compared without case; none names none")
    func screenReader() throws {
        var defaults = DaemonDefaults.builtIn
        #expect(defaults.isScreenReader("Orca") && !defaults.isScreenReader("spd-say"))
        try defaults.take(.screenReader, "orca, Fenrir", from: .commandLine, checks: Self.checks)
        #expect(defaults.screenReaders == ["orca", "fenrir"] && defaults.isScreenReader("FENRIR"))
        #expect(defaults.settings.contains { $0.key == .screenReader && $0.value == "orca,fenrir" })
        try defaults.take(.screenReader, "none", from: .commandLine, checks: Self.checks)
        #expect(!defaults.isScreenReader("orca"))
        #expect(defaults.settings.contains { $0.key == .screenReader && $0.value == "none" })
        #expect(ConfigKey(name: "screen_reader") == .screenReader)
        for refused in ["", ",", "orca,,fenrir", "two words"] {
            #expect(throws: ConfigValueError.self) {
                try defaults.take(.screenReader, refused, from: .commandLine, checks: Self.checks)
            }
        }
    }

    @Test("No file is no settings: the built-in values")
    func missingFile() throws {
        let loaded = try UserConfig(path: "/nonexistent/narrator/config", checks: Self.checks).load()
        #expect(loaded.defaults == .builtIn)
        #expect(!loaded.fileExists)
    }

    @Test(
        "A value the daemon would refuse from a client is refused in the file, with its line and the daemon's message",
        arguments: [
            ("rate 1000\n", "config:1: rate 1000 is out of range; use 80 to 450."),
            ("# x\npitch high\n", "config:2: pitch must be a whole number, not \"high\""),
            ("volume -1\n", "config:1: volume -1 is out of range; use 0 to 200."),
            ("effects_volume 201\n", "config:1: effects_volume 201 is out of range; use 0 to 200."),
            ("locale en_GB!\n", "config:1: \"en_GB!\" is not a language tag"),
            ("voice.pl pl+f9\n", "config:1: no voice \"pl+f9\""),
            ("voice.1 pl\n", "config:1: \"1\" is not a language tag"),
            ("output nowhere\n", "config:1: unknown output \"nowhere\""),
            ("spoken_notices yes\n", "config:1: spoken_notices is on or off, not \"yes\""),
        ])
    func checksValues(text: String, message: String) throws {
        let path = try Self.file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: ConfigError.self) { try UserConfig(path: path, checks: Self.checks).load() }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test("Without the file (broken at start), the built-in values and the command line stand")
    func withoutTheFile() throws {
        let path = try Self.file("rate fast\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let config = UserConfig(path: path, commandLine: [(.rate, "200", "--rate")], checks: Self.checks)
        #expect(throws: ConfigError.self) { try config.load() }
        #expect(try config.load(readingFile: false).defaults.voice.rate == 200)
        let refused = UserConfig(path: path, commandLine: [(.rate, "20", "--rate")], checks: Self.checks)
        let error = #expect(throws: ConfigError.self) { try refused.load(readingFile: false) }
        #expect(error?.description == "--rate: rate 20 is out of range; use 80 to 450.")
    }

    /// `narrator play` reads the effects volume and output with no speech engine to ask about voices.
    @Test("Without voices, a locale is checked as a tag only and a voice taken as written; the rest as always")
    func withoutVoices() throws {
        let checks = ConfigChecks(voices: nil) { $0 == "nowhere" ? "unknown output \"nowhere\"" : nil }
        let path = try Self.file("locale pl\nvoice.pl pl+f9\neffects_volume 50\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = try UserConfig(path: path, checks: checks).load()
        #expect(loaded.defaults.effectsVolume == 50 && loaded.defaults.voiceName(for: "pl") == "pl+f9")
        #expect(loaded.warnings.isEmpty)
        for (text, message) in [
            ("locale en_GB!\n", "config:1: \"en_GB!\" is not a language tag"),
            ("voice.1 pl\n", "config:1: \"1\" is not a language tag"),
            ("effects_volume 201\n", "config:1: effects_volume 201 is out of range; use 0 to 200."),
            ("output nowhere\n", "config:1: unknown output \"nowhere\""),
        ] {
            let broken = try Self.file(text)
            defer { try? FileManager.default.removeItem(atPath: broken) }
            let error = #expect(throws: ConfigError.self) { try UserConfig(path: broken, checks: checks).load() }
            #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        }
    }

    @Test("A language's voice is found by the announcement's tag, then each shorter tag")
    func voiceByLanguage() throws {
        var defaults = DaemonDefaults.builtIn
        try defaults.take(.voice(language: "pl"), "pl+f3", from: .commandLine, checks: Self.checks)
        try defaults.take(.voice(language: "en-gb"), "en+f2", from: .commandLine, checks: Self.checks)
        #expect(defaults.voiceName(for: "pl") == "pl+f3")
        #expect(defaults.voiceName(for: "pl_PL") == "pl+f3")
        #expect(defaults.voiceName(for: "en-GB") == "en+f2")
        #expect(defaults.voiceName(for: "en") == nil)
        #expect(defaults.voiceName(for: "de") == nil)
    }

    @Test("The standard path: XDG_CONFIG_HOME when absolute, else ~/.config")
    func standardPath() {
        #expect(
            UserConfig.standardPath(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/ann"])
                == "/x/conf/narrator/config")
        #expect(
            UserConfig.standardPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/ann"])
                == "/home/ann/.config/narrator/config")
        #expect(UserConfig.standardPath(environment: [:]) == nil)
    }
}
