import Glibc

/// Note names in twelve-tone equal temperament with A4 = 440 Hz, as a sound book writes them:
/// a letter `A`-`G`, an optional `#` (sharp) or `b` (flat), and an octave `0`-`9` (`C5`, `G#4`,
/// `Bb3`). C4 is middle C, so C5 is 523.25 Hz.
public enum NoteName {
    /// Semitones above C within an octave.
    private static let semitones: [Character: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]

    /// The frequency in Hz of `name`, or nil when it is not a note name.
    public static func frequency(of name: String) -> Double? {
        var characters = Substring(name)
        guard let letter = characters.popFirst(), let base = semitones[letter] else { return nil }
        var semitone = base
        if characters.first == "#" {
            semitone += 1
            characters.removeFirst()
        } else if characters.first == "b" {
            semitone -= 1
            characters.removeFirst()
        }
        guard characters.count == 1, let digit = characters.first?.wholeNumberValue else { return nil }
        // MIDI numbering: A4 is 69, and each octave starts at C.
        let midi = (digit + 1) * 12 + semitone
        return 440 * pow(2, Double(midi - 69) / 12)
    }
}
