/// An announcement's text as speech-dispatcher is given it: SSML with an index mark at the start of
/// every sentence (spaces before the first are left out), named after the sentence's Unicode-scalar offset in the whole text, so the mark
/// reached last says where a cut announcement resumes (as espeak-ng's own sentence events do).
///
/// speech-dispatcher and its modules report index marks but not sentences, so sentences are found
/// here: one starts at the first non-space character after `.`, `!`, `?` or `…` (and any closing
/// quotes or brackets) followed by a space, or after a full-width `。`, `！` or `？`.
public enum MarkedText {
    /// The prefix of every mark name; the offset follows (`s42`).
    static let markPrefix = "s"

    /// Offsets of the sentence starts at or after `start` (`start` itself always counts, unless it
    /// is past the text or only spaces follow it).
    public static func sentenceStarts(in text: String, from start: Int = 0) -> [Int] {
        let scalars = Array(text.unicodeScalars)
        var starts: [Int] = []
        var index = max(0, start)
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        guard index < scalars.count else { return [] }
        starts.append(index)
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard sentenceEnds.contains(scalar) || fullWidthEnds.contains(scalar) else { continue }
            while index < scalars.count, sentenceEnds.contains(scalars[index]) || closers.contains(scalars[index]) {
                index += 1
            }
            var next = index
            while next < scalars.count, scalars[next].properties.isWhitespace { next += 1 }
            let separated = next > index || fullWidthEnds.contains(scalar)
            if separated && next < scalars.count { starts.append(next) }
            index = next
        }
        return starts
    }

    /// `<speak>` SSML for the text from `start` on: each sentence an `<s>` that opens with its mark.
    ///
    /// The `<s>` is needed: espeak-ng (1.51, through speech-dispatcher 0.11) drops a mark that stands
    /// between two sentences of plain text, and reports one at the start of an `<s>`.
    public static func ssml(_ text: String, from start: Int = 0) -> String {
        let scalars = Array(text.unicodeScalars)
        let starts = sentenceStarts(in: text, from: start)
        var result = "<speak>"
        for (number, sentence) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : scalars.count
            result += "<s><mark name=\"\(markPrefix)\(sentence)\"/>"
            escape(scalars[sentence..<end], into: &result)
            result += "</s>"
        }
        return result + "</speak>"
    }

    /// The offset a mark made by `ssml` stands for; nil for any other name.
    public static func position(ofMark name: String) -> Int? {
        guard name.hasPrefix(markPrefix) else { return nil }
        return Int(name.dropFirst(markPrefix.count))
    }

    private static let sentenceEnds: Set<Unicode.Scalar> = [".", "!", "?", "\u{2026}"]
    private static let fullWidthEnds: Set<Unicode.Scalar> = ["\u{3002}", "\u{FF01}", "\u{FF1F}"]
    private static let closers: Set<Unicode.Scalar> = [
        "\"", "'", ")", "]", "\u{201D}", "\u{2019}", "\u{00BB}", "\u{300D}", "\u{300F}",
    ]

    private static func escape(_ scalars: ArraySlice<Unicode.Scalar>, into result: inout String) {
        for scalar in scalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            // Control characters other than tab and line breaks are not allowed in XML.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r":
                result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
    }
}
