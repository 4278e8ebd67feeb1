import NarratorLocalization

/// The text as it is given to espeak-ng, and the way back from its positions to the text's own.
///
/// libespeak-ng 1.51's Cantonese voice (`yue`) aborts the process ("buffer overflow detected")
/// on a number of 13 or 14 digits: it groups digits by myriads and writes the part above 10^12,
/// still several digits long, into a fixed 12-byte dictionary key (`_%dM%d`). Digits joined by
/// commas count as one number when three digits or more follow the comma (`9,999,999,999,999` aborts too); a run of 15 or more is read digit by
/// digit and does not. So for that voice every run of 13 to 18 digits (commas between digits
/// included, no leading zero) is written as Han numerals, as the localization tables already write
/// numbers in Cantonese (docs/SPEECH.md). Every other text is spoken as it is.
struct SpokenText: Sendable {
    /// What espeak-ng is given.
    let text: String
    /// Each replaced run: where it starts in `text` and in the original, and both lengths, in
    /// Unicode scalars, in order.
    private let replacements: [(spoken: Int, original: Int, spokenLength: Int, originalLength: Int)]

    /// The shortest and longest digit runs rewritten (the longest whole number an `Int` holds).
    static let rewrittenDigits = 13...18

    init(_ text: String, cantonese: Bool, ssml: Bool) {
        guard cantonese, text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else {
            self.text = text
            replacements = []
            return
        }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var found: [(spoken: Int, original: Int, spokenLength: Int, originalLength: Int)] = []
        var spokenCount = 0
        var index = 0
        var inTag = false
        let style = NumberStyle(locale: "yue")
        while index < scalars.count {
            let scalar = scalars[index]
            if ssml && scalar == "<" { inTag = true }
            if ssml && scalar == ">" { inTag = false }
            if !inTag, Self.isDigit(scalar), index == 0 || !Self.isDigit(scalars[index - 1]) {
                let end = Self.runEnd(scalars, from: index)
                let digits = String(String.UnicodeScalarView(scalars[index..<end].filter(Self.isDigit)))
                if scalar != "0", Self.rewrittenDigits.contains(digits.count), let value = Int(digits) {
                    let words = style.integer(value).unicodeScalars
                    found.append((spokenCount, index, words.count, end - index))
                    output.append(contentsOf: words)
                    spokenCount += words.count
                    index = end
                    continue
                }
            }
            output.append(scalar)
            spokenCount += 1
            index += 1
        }
        self.text = String(output)
        replacements = found
    }

    /// The position in the original text of a position in `text`: one inside a rewritten number is
    /// the number's start.
    func originalPosition(of spokenPosition: Int) -> Int {
        var shift = 0
        for replacement in replacements {
            if spokenPosition < replacement.spoken { break }
            if spokenPosition < replacement.spoken + replacement.spokenLength { return replacement.original }
            shift = replacement.original + replacement.originalLength - (replacement.spoken + replacement.spokenLength)
        }
        return spokenPosition + shift
    }

    /// Whether an SSML document may switch to the Cantonese voice itself (`xml:lang="yue"`,
    /// `zh-HK`, `<voice name="yue">`): its numbers are then rewritten whatever the utterance's voice.
    static func mayChooseCantonese(_ document: String) -> Bool {
        let lowered = document.lowercased()
        return ["yue", "zh-hk", "zh_hk", "zh-mo", "zh_mo", "cantonese"].contains { lowered.contains($0) }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

    /// The end of a number espeak-ng reads as one: digits, and single commas followed by three
    /// digits or more (`1234567890,123` aborts, `1234567890,12` and `1,2,3` do not: measured).
    private static func runEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < scalars.count {
            if isDigit(scalars[end]) {
                end += 1
            } else if scalars[end] == ",", end + 3 < scalars.count,
                scalars[(end + 1)...(end + 3)].allSatisfy(isDigit)
            {
                end += 1
            } else {
                break
            }
        }
        return end
    }
}
