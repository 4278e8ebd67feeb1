import Foundation
import NarratorCore
import NarratorLocalization
import NarratorTestSupport
import Testing

/// The shipped `Localization/retroracing/sounds.json` against GAME.md's "Non-speech feedback":
/// every sound's length in samples at 22050 Hz, and its notes.
@Suite("Shipped sound book")
struct SoundShippedTests {
    typealias F = SoundFixtures

    /// GAME.md's notes.
    static let c5 = 523.25, e5 = 659.26, g5 = 783.99, b5 = 987.77, gSharp4 = 415.30, a4 = 440.0

    struct Case: Sendable, CustomTestStringConvertible {
        var sound: String
        var lanes: (Bool, Bool, Bool)
        var samples: Int
        var testDescription: String { "\(sound) \(lanes)" }
    }

    static let all = (true, true, true), none = (false, false, false), outer = (true, false, true)
    /// The speed-up chirp: three 40 ms notes with 6 ms gaps, twice, 20 ms between.
    static let chirp = 2 * (3 * F.samples(40) + 2 * F.samples(6)) + F.samples(20)

    static let cases: [Case] = [
        Case(sound: "lane_left", lanes: none, samples: F.samples(30)),
        Case(sound: "lane_middle", lanes: none, samples: F.samples(30)),
        Case(sound: "lane_right", lanes: none, samples: F.samples(30)),
        // Pulses keep their three slots whatever is safe.
        Case(sound: "lane_pulses", lanes: all, samples: 3 * F.samples(30)),
        Case(sound: "lane_pulses", lanes: outer, samples: 3 * F.samples(30)),
        Case(sound: "lane_pulses", lanes: none, samples: 3 * F.samples(30)),
        // The arpeggio plays only the safe notes.
        Case(sound: "lane_arpeggio", lanes: all, samples: 3 * F.samples(36)),
        Case(sound: "lane_arpeggio", lanes: outer, samples: 2 * F.samples(36)),
        Case(sound: "lane_arpeggio", lanes: (false, true, false), samples: F.samples(36)),
        Case(sound: "lane_chord", lanes: all, samples: F.samples(70)),
        Case(sound: "lane_chord", lanes: (false, false, true), samples: F.samples(70)),
        Case(sound: "no_safe_lane", lanes: none, samples: F.samples(70)),
        Case(sound: "move_lane_0", lanes: none, samples: F.samples(45)),
        Case(sound: "move_lane_1", lanes: none, samples: F.samples(45)),
        Case(sound: "move_lane_2", lanes: none, samples: F.samples(45)),
        Case(sound: "move_safe", lanes: none, samples: F.samples(40)),
        Case(sound: "move_unsafe", lanes: none, samples: F.samples(40)),
        Case(sound: "speed_up", lanes: none, samples: chirp),
        // Both move cues: the lane's note, then whether the lane is safe.
        Case(sound: "move_both_safe_0", lanes: none, samples: F.samples(45) + F.samples(40)),
        Case(sound: "move_both_safe_1", lanes: none, samples: F.samples(45) + F.samples(40)),
        Case(sound: "move_both_safe_2", lanes: none, samples: F.samples(45) + F.samples(40)),
        Case(sound: "move_both_unsafe_0", lanes: none, samples: F.samples(45) + F.samples(40)),
        Case(sound: "move_both_unsafe_1", lanes: none, samples: F.samples(45) + F.samples(40)),
        Case(sound: "move_both_unsafe_2", lanes: none, samples: F.samples(45) + F.samples(40)),
        // The settings' previews: each cue a choice names, 100 ms apart.
        Case(sound: "preview_move_safety", lanes: none, samples: 2 * F.samples(40) + F.samples(100)),
        Case(sound: "preview_move_both", lanes: none, samples: 2 * (F.samples(45) + F.samples(40)) + F.samples(100)),
    ]

    @Test("each sound lasts exactly what GAME.md gives, at 22050 Hz", arguments: cases)
    func length(_ test: Case) throws {
        let book = try F.shippedBook()
        let arguments = F.lanes(test.lanes.0, test.lanes.1, test.lanes.2)
        let rendered = try book.render(test.sound, arguments: arguments, sampleRate: F.rate)
        #expect(rendered.count == test.samples)
        #expect(try book.sampleCount(of: test.sound, arguments: arguments, sampleRate: F.rate) == test.samples)
    }

    @Test("the chirp is GAME.md's 284 ms, to the rounding of its eleven elements")
    func chirpIsAbout284Milliseconds() {
        #expect(abs(Self.chirp - F.samples(284)) <= 2)
    }

    @Test(
        "each single-note sound is at its note",
        arguments: [
            ("lane_left", c5), ("lane_middle", e5), ("lane_right", g5), ("move_lane_0", c5), ("move_lane_1", e5),
            ("move_lane_2", g5), ("move_safe", b5), ("move_unsafe", gSharp4), ("no_safe_lane", a4),
        ])
    func singleNote(_ sound: String, _ hertz: Double) throws {
        let samples = try F.shippedBook().render(sound, arguments: [:], sampleRate: F.rate)
        let others = [Self.c5, Self.e5, Self.g5, Self.b5, Self.gSharp4, Self.a4].filter { $0 != hertz }
        let strength = Goertzel.amplitude(of: hertz, in: samples, sampleRate: Double(F.rate))
        for other in others {
            #expect(
                strength > 3 * Goertzel.amplitude(of: other, in: samples, sampleRate: Double(F.rate)), "\(other) Hz")
        }
    }

    @Test(
        "a move cue has a timbre of its own (issue 24): the lane's pitch as a square wave, whose third harmonic the lane notes lack, at about their loudness",
        arguments: [
            ("move_lane_0", "lane_left", c5), ("move_lane_1", "lane_middle", e5), ("move_lane_2", "lane_right", g5),
        ])
    func moveCueTimbre(_ move: String, _ lane: String, _ hertz: Double) throws {
        let book = try F.shippedBook()
        let rate = Double(F.rate)
        let moved = try book.render(move, arguments: [:], sampleRate: F.rate)
        let note = try book.render(lane, arguments: [:], sampleRate: F.rate)
        // A square wave's third harmonic is a third of its fundamental; a sine has none.
        let movedRatio =
            Goertzel.amplitude(of: 3 * hertz, in: moved, sampleRate: rate)
            / Goertzel.amplitude(of: hertz, in: moved, sampleRate: rate)
        let noteRatio =
            Goertzel.amplitude(of: 3 * hertz, in: note, sampleRate: rate)
            / Goertzel.amplitude(of: hertz, in: note, sampleRate: rate)
        #expect(movedRatio > 0.25 && noteRatio < 0.02, "third harmonic: move \(movedRatio), lane \(noteRatio)")
        // Loudness: within 3 dB of the lane note, by RMS over the sounding part.
        let decibels = 20 * log10(Self.rms(moved) / Self.rms(note))
        #expect(abs(decibels) < 3, "\(decibels) dB")
    }

    @Test(
        "the settings preview plays every cue the choice names: safe then unsafe, and for both the middle lane's move cue before each",
        arguments: [
            ("preview_move_safety", [b5, gSharp4]), ("preview_move_both", [e5, b5, e5, gSharp4]),
        ])
    func previewPlaysEveryCue(_ sound: String, _ notes: [Double]) throws {
        let samples = try F.shippedBook().render(sound, arguments: [:], sampleRate: F.rate)
        // The sounding stretches, in order: runs of samples apart by more than 50 ms of silence
        // (a note's own attack and decay never hold it at zero that long).
        var stretches: [ArraySlice<Int16>] = []
        var start: Int?
        var quiet = 0
        for (index, sample) in samples.enumerated() {
            if sample != 0 {
                if start == nil { start = index }
                quiet = 0
            } else if let from = start {
                quiet += 1
                if quiet > F.samples(50) {
                    stretches.append(samples[from..<(index - quiet + 1)])
                    start = nil
                }
            }
        }
        if let from = start { stretches.append(samples[from...]) }
        #expect(stretches.count == 2, "\(stretches.map(\.count))")
        // Each note, in order: within its stretch, where it is strongest.
        let halves = stretches.flatMap { stretch in
            notes.count == 2 ? [stretch] : [stretch.prefix(F.samples(45)), stretch.suffix(F.samples(40))]
        }
        for (note, part) in zip(notes, halves) {
            let strongest = Self.allNotes.max {
                Goertzel.amplitude(of: $0, in: part, sampleRate: Double(F.rate))
                    < Goertzel.amplitude(of: $1, in: part, sampleRate: Double(F.rate))
            }
            #expect(strongest == note, "\(sound): \(note) Hz expected")
        }
    }

    static let allNotes = [c5, e5, g5, b5, gSharp4, a4]

    static func rms(_ samples: [Int16]) -> Double {
        (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    @Test("the chord holds the three lane notes, evenly, and not the no-safe-lane A4")
    func chordHoldsThreeNotes() throws {
        let samples = try F.shippedBook().render("lane_chord", arguments: F.lanes(true, true, true), sampleRate: F.rate)
        // Between the 3 ms attack and the 20 ms decay every part is at full strength.
        let sustain = samples[F.samples(3)..<(samples.count - F.samples(20))]
        let peak = Double(SoundBook.unitPeak)
        for note in [Self.c5, Self.e5, Self.g5] {
            let strength = Goertzel.amplitude(of: note, in: sustain, sampleRate: Double(F.rate))
            #expect(abs(strength - peak) < 0.1 * peak, "\(note) Hz: \(strength)")
        }
        #expect(Goertzel.amplitude(of: Self.a4, in: sustain, sampleRate: Double(F.rate)) < 0.15 * peak)
    }

    @Test("pulses keep a silent slot for an unsafe lane; the arpeggio skips it")
    func whenArguments() throws {
        let book = try F.shippedBook()
        let rate = Double(F.rate)
        let slot = F.samples(30)
        let pulses = try book.render("lane_pulses", arguments: F.lanes(true, false, true), sampleRate: F.rate)
        #expect(pulses[slot..<(2 * slot)].allSatisfy { $0 == 0 })
        #expect(pulses[..<slot].peak > 0 && pulses[(2 * slot)...].peak > 0)
        #expect(Goertzel.amplitude(of: Self.g5, in: pulses[(2 * slot)...], sampleRate: rate) > 1000)
        let note = F.samples(36)
        let arpeggio = try book.render("lane_arpeggio", arguments: F.lanes(true, false, true), sampleRate: F.rate)
        let second = arpeggio[note...]
        #expect(
            Goertzel.amplitude(of: Self.g5, in: second, sampleRate: rate)
                > 3 * Goertzel.amplitude(of: Self.e5, in: second, sampleRate: rate))
        #expect(try book.render("lane_chord", arguments: F.lanes(false, false, false), sampleRate: F.rate).isEmpty)
    }

    @Test("the shipped book loads and lints clean, and says which arguments each cue reads")
    func shippedBookIsClean() throws {
        let bytes = try EventMapFixtures.bytes(F.bookPath)
        let diagnostics = SoundBook.lint(path: F.bookPath, bytes: bytes) { _ in throw EventTestError("no files") }
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        let book = try F.shippedBook()
        #expect(Set(Self.cases.map(\.sound)) == Set(book.soundNames))
        for cue in ["lane_pulses", "lane_arpeggio", "lane_chord"] {
            #expect(book.argumentNames(of: cue) == ["left", "middle", "right"])
        }
        #expect(book.argumentNames(of: "speed_up") == [])
        #expect(book.argumentNames(of: "lane_pulse") == nil)
    }
}
