/// What in a text espeak-ng would read aloud as symbols, or stumble over.
///
/// espeak-ng speaks "**" as "asterisk asterisk", names emoji ("grinning face") and reads URLs
/// letter by letter; a player hears all of it in the middle of a race.
enum SpeechText {
    /// Descriptions of each kind of problem found, e.g. "markdown emphasis (**)".
    static func problems(in text: String) -> [String] {
        var found: [String] = []
        for marker in ["**", "__", "`"] where text.contains(marker) {
            found.append("markdown (\(marker)), which espeak-ng reads aloud as symbols: remove it")
        }
        if hasBullet(text) {
            found.append("a bullet, which espeak-ng reads aloud: write a sentence instead of a list")
        }
        let lowered = text.lowercased()
        if ["http://", "https://", "www."].contains(where: lowered.contains) {
            found.append("a URL, which espeak-ng spells out: describe where to go instead")
        }
        if let mark = vowelMarkBeforeShadda(in: text) {
            let hex = String(mark.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            found.append(
                "an Arabic vowel mark (\(code)) before a shadda, the order Unicode normalization (NFC, NFD) puts "
                    + "them in, which espeak-ng reads without doubling the letter (sixty with its damma first is heard \"sit'u:wna\", "
                    + "not \"sit:'u:na\"): write the shadda first, then the vowel mark")
        }
        if let symbol = text.unicodeScalars.first(where: isSpokenSymbol) {
            let code = "U+" + String(symbol.value, radix: 16, uppercase: true)
            found.append("the symbol \(code), which espeak-ng reads by its name or skips: use words")
        }
        return found
    }

    /// Fathatan to kasra, and sukun: the marks that go on a letter after its shadda (U+0651).
    private static let vowelMarks = Set((0x064B...0x0650).compactMap(Unicode.Scalar.init) + ["\u{0652}"])

    /// The first vowel mark written right before a shadda, if any.
    private static func vowelMarkBeforeShadda(in text: String) -> Unicode.Scalar? {
        let scalars = Array(text.unicodeScalars)
        return scalars.indices.dropLast().first { vowelMarks.contains(scalars[$0]) && scalars[$0 + 1] == "\u{0651}" }
            .map { scalars[$0] }
    }

    private static let bullets: Set<Unicode.Scalar> = ["•", "◦", "▪", "▫", "‣", "⁃", "●", "○", "■", "□"]

    private static func hasBullet(_ text: String) -> Bool {
        if text.unicodeScalars.contains(where: bullets.contains) { return true }
        // Markdown list items: a line that starts with "- " or "* ".
        return text.split(separator: "\n", omittingEmptySubsequences: false).contains { line in
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            return trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ")
        }
    }

    /// Emoji, pictographs and arrows; not letters, digits or ordinary punctuation (all of which
    /// Unicode also marks as possible emoji bases, like `#` and `1`).
    private static func isSpokenSymbol(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isEmojiPresentation || scalar == "\u{FE0F}" { return true }
        if (0x2190...0x21FF).contains(scalar.value) || (0x2B00...0x2BFF).contains(scalar.value) { return true }
        return properties.isEmoji && scalar.value > 0xFF && !properties.isAlphabetic
    }
}
