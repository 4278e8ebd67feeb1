import NarratorCore
import Testing

/// Note names as a sound book writes them, against the frequencies GAME.md gives.
@Suite("Sound note names")
struct SoundNoteTests {
    @Test(
        "note names give GAME.md's frequencies to the hundredth of a hertz",
        arguments: [
            ("A4", 440.0), ("C5", 523.25), ("E5", 659.26), ("G5", 783.99), ("B5", 987.77), ("G#4", 415.30),
            ("D4", 293.66), ("F4", 349.23),
        ])
    func gameNotes(_ name: String, _ hertz: Double) throws {
        let frequency = try #require(NoteName.frequency(of: name))
        #expect(abs(frequency - hertz) < 0.005, "\(name) is \(frequency) Hz")
    }

    @Test("a flat is the sharp below it, and an octave doubles the frequency")
    func flatsAndOctaves() throws {
        #expect(NoteName.frequency(of: "Bb3") == NoteName.frequency(of: "A#3"))
        let a3 = try #require(NoteName.frequency(of: "A3"))
        let a5 = try #require(NoteName.frequency(of: "A5"))
        #expect(abs(a3 - 220) < 1e-9 && abs(a5 - 880) < 1e-9)
    }

    @Test("what is not a note name is nil", arguments: ["", "H4", "c5", "C", "C10", "C#b4", "Cb", "5C", "C-1", "A 4"])
    func notNotes(_ text: String) {
        #expect(NoteName.frequency(of: text) == nil)
    }
}
