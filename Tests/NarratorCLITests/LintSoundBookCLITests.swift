import Foundation
import NarratorTestSupport
import Testing

/// `narrator lint` on a profile folder with a sound book: the book is checked, and the event map
/// against it.
@Suite("narrator lint on sound books")
struct LintSoundBookCLITests {
    static let events = #"""
        {"version": 1, "events": {
          "lanes": {"sound": "lane_pulses"},
          "lane_changed": {"key": "lane_number", "arguments": [{"field": "lane", "add": 1}], "sound": "move_lane_{lane}"},
          "crash": {"sound": "crash"}
        }}
        """#

    /// A profile holding the game's table, `events` and `sounds` as its sounds.json.
    static func profile(sounds: String) throws -> String {
        let folder = try LintEventMapCLITests.profile(events: events)
        try Data(sounds.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("sounds.json"))
        return folder
    }

    @Test("a broken sounds.json and a map naming a missing sound exit 1 with path:line: findings")
    func brokenBook() throws {
        let folder = try Self.profile(
            sounds: """
                {"version": 1, "sounds": {
                  "lane_pulses": {"sequence": [{"sound": "lane_left", "when": "left", "slot_ms": 30}]},
                  "lane_left": {"tone": "sine", "note": "C#", "ms": 30},
                  "crash": {"wav": "crash.wav"}
                }}
                """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try NarratorBinary.run(["lint", folder])
        #expect(run.status == 1, "\(run.transcript)")
        #expect(
            run.output == """
                \(folder)/sounds.json:3: error: [sound-book] lane_left: "C#" is not a note name: write a letter \
                A-G, an optional # or b, and an octave 0-9 (C5, G#4, Bb3)
                \(folder)/sounds.json:4: error: [sound-book] crash: cannot read "crash.wav" beside sounds.json: \
                cannot read \(folder)/crash.wav: check that it exists and is readable
                3 files checked: 2 errors, 0 warnings.

                """)
    }

    @Test("with the WAV file beside it the book is clean, and a sound the book lacks is reported in the map")
    func missingSoundInMap() throws {
        let folder = try Self.profile(
            sounds: #"{"version": 1, "sounds": {"lane_pulses": {"tone": "sine", "note": "C5", "ms": 30}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try NarratorBinary.run(["lint", folder])
        #expect(run.status == 1, "\(run.transcript)")
        #expect(
            run.output == """
                \(folder)/events.json:4: error: [event-map] crash: the sound "crash" is not in \(folder)/sounds.json: \
                add it there, or fix the name (docs/SOUNDS.md)
                3 files checked: 1 error, 0 warnings.

                """)
        let clean = try NarratorBinary.run(["lint", "\(folder)/sounds.json"])
        #expect(clean.status == 0 && clean.output == "1 file checked: no problems.\n", "\(clean.transcript)")
    }

    @Test("a WAV file beside sounds.json is read relative to it")
    func wavBeside() throws {
        let folder = try Self.profile(
            sounds:
                #"{"version": 1, "sounds": {"lane_pulses": {"wav": "sub/pulse.wav"}, "crash": {"wav": "sub/pulse.wav"}}}"#
        )
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let wav = Self.wav([0, 1000, -1000, 0], rate: 22050)
        try FileManager.default.createDirectory(atPath: "\(folder)/sub", withIntermediateDirectories: true)
        try Data(wav).write(to: URL(fileURLWithPath: "\(folder)/sub/pulse.wav"))
        let run = try NarratorBinary.run(["lint", folder])
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.output == "3 files checked: no problems.\n")
    }

    /// A mono 16-bit PCM WAV file of `samples`.
    static func wav(_ samples: [Int16], rate: Int) -> [UInt8] {
        func le(_ value: Int, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        let data = samples.flatMap { le(Int(UInt16(bitPattern: $0)), 2) }
        let format = le(1, 2) + le(1, 2) + le(rate, 4) + le(rate * 2, 4) + le(2, 2) + le(16, 2)
        let body = Array("WAVEfmt ".utf8) + le(16, 4) + format + Array("data".utf8) + le(data.count, 4) + data
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }
}
