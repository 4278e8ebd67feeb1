/// The writing system of a text's letters, told apart coarsely by Unicode block: enough to see that
/// a Russian translation in Latin letters was left in English, not to name every script.
enum WritingScript: Hashable, Sendable, CustomStringConvertible {
    case latin, greek, cyrillic, armenian, hebrew, arabic, thai, georgian, hangul
    /// Han characters and kana, which Chinese and Japanese texts mix.
    case hanAndKana
    /// Any other script, by the 128-code-point block its letters are in.
    case other(block: UInt32)

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        func within(_ ranges: ClosedRange<UInt32>...) -> Bool { ranges.contains { $0.contains(value) } }
        if within(0x41...0x5A, 0x61...0x7A, 0xAA...0xAA, 0xBA...0xBA, 0xC0...0x2AF, 0x1E00...0x1EFF, 0xFF21...0xFF5A) {
            self = .latin
        } else if within(0x370...0x3FF, 0x1F00...0x1FFF) {
            self = .greek
        } else if within(0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F) {
            self = .cyrillic
        } else if within(0x530...0x58F) {
            self = .armenian
        } else if within(0x590...0x5FF, 0xFB1D...0xFB4F) {
            self = .hebrew
        } else if within(0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF) {
            self = .arabic
        } else if within(0xE00...0xE7F) {
            self = .thai
        } else if within(0x10A0...0x10FF, 0x1C90...0x1CBF) {
            self = .georgian
        } else if within(0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF) {
            self = .hangul
        } else if within(0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF)
            || within(0xFF66...0xFF9F, 0x20000...0x3FFFF)
        {
            self = .hanAndKana
        } else {
            self = .other(block: value & ~0x7F)
        }
    }

    /// The script most of a text's letters are written in; nil for a text without letters.
    static func main(of texts: [String]) -> WritingScript? {
        var counts: [WritingScript: Int] = [:]
        for text in texts {
            for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
                counts[WritingScript(scalar), default: 0] += 1
            }
        }
        // Ties go to the script named first, so the answer does not depend on dictionary order.
        return counts.max { ($0.value, $1.key.description) < ($1.value, $0.key.description) }?.key
    }

    var description: String {
        switch self {
        case .latin: "Latin letters"
        case .greek: "Greek letters"
        case .cyrillic: "Cyrillic letters"
        case .armenian: "Armenian letters"
        case .hebrew: "Hebrew letters"
        case .arabic: "Arabic letters"
        case .thai: "Thai letters"
        case .georgian: "Georgian letters"
        case .hangul: "Hangul"
        case .hanAndKana: "Han characters or kana"
        case .other(let block): "the letters of block U+" + String(block, radix: 16, uppercase: true)
        }
    }
}
