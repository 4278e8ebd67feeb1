import Foundation
import NarratorTestSupport
import Testing

/// `narrator say` run as a user runs it: speech written to real WAV files, errors as a user sees
/// them, and a machine without a sound device.
@Suite("narrator say")
struct SayCLITests {
    /// About 1.1 s of speech at the default rate.
    static let phrase = "Two lives remaining."

    @Test("say TEXT --output wav:PATH exits 0 and writes audible 22050 Hz mono 16-bit speech")
    func writesWAV() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/say.wav"
            let run = try NarratorBinary.run(["say", Self.phrase, "--output", "wav:\(path)"])
            #expect(run.status == 0, "\(run.transcript)")
            #expect(run.errors.isEmpty)
            try WAVFile.expectSpeech(at: path, seconds: 0.7...2.0)
        }
    }

    @Test("say - reads the text from standard input")
    func readsStandardInput() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/stdin.wav"
            let run = try NarratorBinary.run(["say", "-", "--output", "wav:\(path)"], input: Self.phrase + "\n")
            #expect(run.status == 0, "\(run.transcript)")
            #expect(run.errors.isEmpty)
            try WAVFile.expectSpeech(at: path, seconds: 0.7...2.0)
        }
    }

    /// A command line `say` refuses, the exit status and what the error line must say.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "bad input exits non-zero with one error line that says what is wrong",
        arguments: [
            Refusal(arguments: ["say", "", "--output", "null"], status: 1, message: "nothing to say"),
            Refusal(arguments: ["say", " \n", "--output", "null"], status: 1, message: "nothing to say"),
            // ArgumentParser's validation errors exit 64 (EX_USAGE).
            Refusal(
                arguments: ["say", "hi", "--output", "foo"], status: 64,
                message: "auto | pulse | alsa | wav:PATH | realtime-wav:PATH | null"),
            Refusal(arguments: ["say", "hi", "--locale", "x!"], status: 64, message: "BCP-47"),
            Refusal(arguments: ["say", "hi", "--rate", "1000"], status: 64, message: "use 80 to 450"),
            Refusal(
                arguments: ["say", "hi", "--output", "wav:/nonexistent-dir/x.wav"], status: 1,
                message: "/nonexistent-dir/x.wav"),
        ])
    func refuses(_ refusal: Refusal) throws {
        let run = try NarratorBinary.run(refusal.arguments)
        Self.expectRefusal(run, status: refusal.status, mentioning: [refusal.message])
    }

    @Test("--espeak-data naming a folder without voices exits 1, naming the folder and espeak-ng-data")
    func emptyDataFolder() throws {
        try withTemporaryFolder { empty in
            let run = try NarratorBinary.run(["say", "hi", "--output", "null", "--espeak-data", empty])
            Self.expectRefusal(run, status: 1, mentioning: [empty, "espeak-ng-data"])
        }
    }

    @Test("A muted say lasts as long as a loud one: volume 0 and 1 write as many samples as volume 100")
    func mutedKeepsItsLength() throws {
        try withTemporaryFolder { folder in
            var lengths: [Int: Int] = [:]
            for volume in [100, 0, 1] {
                let path = folder + "/\(volume).wav"
                let run = try NarratorBinary.run(
                    ["say", Self.phrase, "--volume", "\(volume)", "--output", "wav:\(path)"])
                #expect(run.status == 0, "\(run.transcript)")
                lengths[volume] = try WAVFile(path: path).samples.count
            }
            #expect(lengths[100, default: 0] > 22050 / 2, "\(lengths)")
            #expect(lengths[0] == lengths[100] && lengths[1] == lengths[100], "\(lengths)")
        }
    }

    /// Exit `status`, nothing on standard output, and exactly one `Error:` line holding every one
    /// of `parts`. Only ArgumentParser's usage hint (exit 64) may follow it.
    static func expectRefusal(_ run: NarratorBinary.Run, status: Int32, mentioning parts: [String]) {
        #expect(run.status == status, "\(run.transcript)")
        #expect(run.output.isEmpty)
        let hint = run.errorLines.filter { $0.hasPrefix("Usage: ") || $0.hasPrefix("  See 'narrator ") }
        #expect(status == 64 || hint.isEmpty, "\(run.transcript)")
        let lines = run.errorLines.filter { !hint.contains($0) }
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: "), "\(run.transcript)")
        for part in parts {
            #expect(lines.first?.contains(part) == true, "the error should mention \(part): \(run.transcript)")
        }
    }

    @Test("with no PulseAudio and no ALSA card, --output auto says so in one line and fails: nothing was heard")
    func noSoundDevice() throws {
        try withTemporaryFolder { empty in
            let unreachable = ["PULSE_SERVER": "unix:/nonexistent/socket", "XDG_RUNTIME_DIR": empty, "HOME": empty]
            let run = try NarratorBinary.run(["say", "hi", "--output", "auto"], environment: unreachable)
            #expect(run.output.isEmpty)
            if Self.machineHasALSACard {
                // ALSA may open the card and play "hi" (no line at all) or fail (the one line), so
                // only this is asserted here: at most one line, and it is the no-sound notice.
                #expect(run.errorLines.count <= 1, "\(run.transcript)")
                #expect(run.errorLines.allSatisfy { $0.contains("No sound") }, "\(run.transcript)")
            } else {
                // No card (this test's usual machine): exactly the one line saying why, and a
                // failing exit: the phrase was not heard.
                #expect(run.status == 1, "\(run.transcript)")
                #expect(run.errorLines.count == 1, "\(run.transcript)")
                #expect(run.errorLines.first?.contains("No sound") == true, "\(run.transcript)")
            }
        }
    }

    /// Whether ALSA lists a sound card here (`/proc/asound/cards` is absent without ALSA drivers,
    /// and says "no soundcards" when the drivers found none).
    static var machineHasALSACard: Bool {
        guard let cards = try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8) else { return false }
        return !cards.contains("no soundcards")
    }

    @Test("a region without a voice falls back to the language's voice with one warning")
    func regionFallback() throws {
        let run = try NarratorBinary.run(["say", "hi", "--locale", "fr-CA", "--output", "null"])
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.errorLines.count == 1, "\(run.transcript)")
        let warning = try #require(run.errorLines.first)
        #expect(warning.hasPrefix("narrator: warning: ") && warning.contains("fr-CA") && warning.contains("using fr "))
    }

    @Test("--help of narrator and of say mention every option of say", arguments: [["--help"], ["say", "--help"]])
    func help(arguments: [String]) throws {
        let run = try NarratorBinary.run(arguments)
        #expect(run.status == 0, "\(run.transcript)")
        for option in ["--locale", "--rate", "--pitch", "--volume", "--output"] {
            #expect(run.output.contains(option), "`narrator \(arguments.joined(separator: " "))` lacks \(option)")
        }
    }
}
