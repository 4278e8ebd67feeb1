import Foundation
import NarratorTestSupport
import Testing

/// `narrator say` speaks in the player's settings file (docs/CONFIG.md) as the daemon reads it, with
/// its own options over the file, each run in a configuration folder of its own (`XDG_CONFIG_HOME`).
@Suite("narrator say and the settings file")
struct SaySettingsCLITests {
    static let phrase = SayCLITests.phrase

    /// Writes `lines` as the settings file under `home`, runs `say` there and returns what it wrote to
    /// `wav`, with the run (which must succeed).
    static func say(
        home: String, settings lines: [String]?, options: [String] = [], wav: String
    ) throws -> (wav: WAVFile, run: NarratorBinary.Run) {
        try SettingsFile.write(lines, home: home)
        let run = try NarratorBinary.run(["say", phrase] + options, environment: ["XDG_CONFIG_HOME": home])
        #expect(run.status == 0, "\(run.transcript)")
        return (try WAVFile(path: wav), run)
    }

    @Test("the file's rate and output are used, and an option wins over the file")
    func fileThenOptions() throws {
        try withTemporaryFolder { home in
            let builtIn = try Self.say(
                home: home, settings: nil, options: ["--output", "wav:\(home)/built-in.wav"],
                wav: home + "/built-in.wav")
            #expect(builtIn.run.errors.isEmpty, "\(builtIn.run.transcript)")
            // No --output: the file's output is where the speech goes.
            let fast = try Self.say(
                home: home, settings: ["# fast", "rate 450", "output wav:\(home)/fast.wav"], wav: home + "/fast.wav")
            #expect(fast.run.errors.isEmpty, "\(fast.run.transcript)")
            #expect(fast.wav.rms > 300, "the file's output holds the speech")
            #expect(fast.wav.samples.count * 3 / 2 < builtIn.wav.samples.count, "450 words a minute is faster than 175")
            let overridden = try Self.say(
                home: home, settings: ["rate 450", "output wav:\(home)/unused.wav"],
                options: ["--rate", "175", "--output", "wav:\(home)/option.wav"], wav: home + "/option.wav")
            #expect(overridden.wav.samples == builtIn.wav.samples, "--rate 175 speaks as the built-in rate does")
            #expect(!FileManager.default.fileExists(atPath: home + "/unused.wav"))
        }
    }

    @Test("--config names the file to read instead")
    func configOption() throws {
        try withTemporaryFolder { home in
            try "rate 450\n".write(toFile: home + "/other", atomically: true, encoding: .utf8)
            let wav = "wav:\(home)/say.wav"
            let builtIn = try Self.say(home: home, settings: nil, options: ["--output", wav], wav: home + "/say.wav")
            let other = try Self.say(
                home: home, settings: nil, options: ["--output", wav, "--config", home + "/other"],
                wav: home + "/say.wav")
            #expect(other.wav.samples.count * 3 / 2 < builtIn.wav.samples.count)
        }
    }

    @Test("the file's voice for the language speaks")
    func voiceForTheLanguage() throws {
        try withTemporaryFolder { home in
            let wav = "wav:\(home)/say.wav"
            let own = try Self.say(home: home, settings: nil, options: ["--output", wav], wav: home + "/say.wav")
            let chosen = try Self.say(
                home: home, settings: ["voice.en en+f3"], options: ["--output", wav], wav: home + "/say.wav")
            #expect(chosen.run.errors.isEmpty, "\(chosen.run.transcript)")
            #expect(chosen.wav.samples != own.wav.samples, "the female variant sounds otherwise")
        }
    }

    @Test("a broken file is one warning naming its line, and the built-in settings speak")
    func brokenFile() throws {
        try withTemporaryFolder { home in
            let wav = "wav:\(home)/say.wav"
            let builtIn = try Self.say(home: home, settings: nil, options: ["--output", wav], wav: home + "/say.wav")
            let broken = try Self.say(
                home: home, settings: ["pitch 60", "rate 4000"], options: ["--output", wav], wav: home + "/say.wav")
            #expect(broken.run.errorLines.count == 1, "\(broken.run.transcript)")
            let warning = try #require(broken.run.errorLines.first)
            #expect(warning.hasPrefix("narrator: warning: \(home)/narrator/config:2: rate 4000 is out of range"))
            #expect(warning.contains("Using the built-in settings") && !warning.contains(".."))
            #expect(broken.wav.samples == builtIn.wav.samples, "pitch 60 of the broken file is not taken either")
        }
    }
}
