import Foundation
import NarratorTestSupport
import Testing

/// `narrator config` run as a user runs it, on a configuration folder of its own (`XDG_CONFIG_HOME`).
@Suite("narrator config")
struct ConfigCLITests {
    /// Runs `narrator ARGS` with `home` as the configuration folder.
    static func run(_ arguments: [String], home: String) throws -> NarratorBinary.Run {
        try NarratorBinary.run(arguments, environment: ["XDG_CONFIG_HOME": home])
    }

    @Test("Without a file every setting is built in; set makes the file, and show says the line of each")
    func showAndSet() throws {
        try withTemporaryFolder { home in
            let file = home + "/narrator/config"
            let empty = try Self.run(["config"], home: home)
            #expect(empty.status == 0, "\(empty.transcript)")
            #expect(empty.output.hasPrefix("locale en (built-in)\nrate 175 (built-in)\n"))
            #expect(empty.errors.contains("no file at \(file)"))

            let rate = try Self.run(["config", "set", "rate", "320"], home: home)
            #expect(rate.status == 0, "\(rate.transcript)")
            #expect(rate.output == "rate 320 (\(file):4)\n")
            let voice = try Self.run(["config", "set", "voice.pl", "pl+f3"], home: home)
            #expect(voice.output == "voice.pl pl+f3 (\(file):5)\n", "\(voice.transcript)")

            let shown = try Self.run(["config"], home: home)
            #expect(
                shown.output == """
                    locale en (built-in)
                    rate 320 (\(file):4)
                    pitch 50 (built-in)
                    volume 100 (built-in)
                    effects_volume 100 (built-in)
                    output auto (built-in)
                    spoken_notices off (built-in)
                    ssip off (built-in)
                    wine off (built-in)
                    screen_reader orca (built-in)
                    voice.pl pl+f3 (\(file):5)

                    """, "\(shown.transcript)")
        }
    }

    @Test("set and reset change only their own line: the player's comments and other lines stay")
    func keepsTheRest() throws {
        try withTemporaryFolder { home in
            let file = home + "/narrator/config"
            try FileManager.default.createDirectory(atPath: home + "/narrator", withIntermediateDirectories: true)
            let mine = "# Fast, for racing.\nrate 300\n\n# Quiet at night\nvolume 60\n"
            try mine.write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try Self.run(["config", "set", "rate", "350"], home: home).status == 0)
            #expect(
                try String(contentsOfFile: file, encoding: .utf8) == mine.replacingOccurrences(of: "300", with: "350"))
            let reset = try Self.run(["config", "reset", "volume"], home: home)
            #expect(reset.output == "volume removed from \(file) (built-in: 100)\n", "\(reset.transcript)")
            #expect(
                try String(contentsOfFile: file, encoding: .utf8)
                    == "# Fast, for racing.\nrate 350\n\n# Quiet at night\n")
            let again = try Self.run(["config", "reset", "volume"], home: home)
            #expect(again.status == 0 && again.output.contains("volume is not set"))
        }
    }

    @Test(
        "A value the daemon would refuse is refused with the daemon's reason, and nothing is written",
        arguments: [
            (["rate", "1000"], "rate 1000 is out of range; use 80 to 450."),
            (["pitch", "high"], "pitch must be a whole number"),
            (["locale", "en_GB!"], "is not a language tag"),
            (["voice.pl", "pl+f9"], "espeak-ng has no variant \"f9\""),
            (["voice.pl", "nosuchvoice"], "espeak-ng has no voice \"nosuchvoice\""),
            (["output", "speakers"], "unknown output \"speakers\""),
            (["speed", "300"], "Unknown setting \"speed\""),
        ])
    func refuses(setting: [String], reason: String) throws {
        try withTemporaryFolder { home in
            let run = try Self.run(["config", "set"] + setting, home: home)
            #expect(run.status != 0)
            #expect(run.errors.contains(reason), "\(run.transcript)")
            #expect(!FileManager.default.fileExists(atPath: home + "/narrator/config"))
        }
    }

    @Test("A broken file is reported with its line, exit 1; reset of that setting mends it")
    func brokenFile() throws {
        try withTemporaryFolder { home in
            let file = home + "/narrator/config"
            try FileManager.default.createDirectory(atPath: home + "/narrator", withIntermediateDirectories: true)
            try "rate 300\nrate = 200\n".write(toFile: file, atomically: true, encoding: .utf8)
            let broken = try Self.run(["config"], home: home)
            #expect(broken.status == 1)
            #expect(broken.errors.contains("\(file):2: write \"rate 200\""), "\(broken.transcript)")
            #expect(try Self.run(["config", "reset", "rate"], home: home).status == 0)
            #expect(try Self.run(["config"], home: home).status == 0)
        }
    }

    @Test("voices --variants lists the variants a voice name may add, the female f3 among them")
    func listsVariants() throws {
        let run = try NarratorBinary.run(["voices", "--variants"])
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.output.hasPrefix("VARIANT\tNAME\n"))
        #expect(run.output.contains("\nf3\tfemale3\n"))
    }
}
