import Foundation
import NarratorTestSupport

/// Random and hostile texts for the synthesis fuzz run, reproducible from a seed: the characters of
/// every language the shipped tables hold, other scripts, combining marks, bidi and format
/// controls, very long words, digit runs (grouped, fullwidth, Arabic-Indic), punctuation runs,
/// control characters, escaped lone surrogates, and SSML documents around such text.
struct FuzzText {
    /// One request's text as it goes into the JSON line (already escaped), and whether it is SSML.
    struct Sample {
        let json: String
        let ssml: Bool
    }

    private var random: SeededGenerator
    /// Characters of each shipped table's translations, and of scripts the tables do not use.
    private let pools: [[Unicode.Scalar]]

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        var pools = Self.tableScalars().sorted { $0.key < $1.key }.map { Array($0.value) }
        let ranges: [ClosedRange<UInt32>] = [
            0x0041...0x007A, 0x00C0...0x024F, 0x0370...0x03FF, 0x0400...0x04FF, 0x0590...0x05FF, 0x0600...0x06FF,
            0x0900...0x097F, 0x0B80...0x0BFF, 0x0E00...0x0E7F, 0x10A0...0x10FF, 0x1100...0x11FF, 0x3040...0x30FF,
            0x4E00...0x4FFF, 0xAC00...0xAD00, 0x1F300...0x1F64F,
        ]
        pools += ranges.map { $0.compactMap(Unicode.Scalar.init) }
        self.pools = pools
    }

    /// The scalars each language's translations in the narrator's own tables use.
    static func tableScalars() -> [String: Set<Unicode.Scalar>] {
        let path = NarratorExecutable.packageRoot + "/Localization/narrator/Narrator.xcstrings"
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let strings = root["strings"] as? [String: Any]
        else { return [:] }
        var found: [String: Set<Unicode.Scalar>] = [:]
        func collect(_ value: Any, into language: String) {
            if let text = value as? String {
                found[language, default: []].formUnion(text.unicodeScalars)
            } else if let object = value as? [String: Any] {
                for inner in object.values { collect(inner, into: language) }
            }
        }
        for case let entry as [String: Any] in strings.values {
            for (language, localization) in entry["localizations"] as? [String: Any] ?? [:] {
                collect(localization, into: language)
            }
        }
        return found
    }

    mutating func below(_ bound: Int) -> Int { random.next(below: bound) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// One text of up to a few pieces.
    mutating func sample() -> Sample {
        var text = ""
        for _ in 0..<(1 + below(4)) { text += piece() }
        if below(8) == 0 { return Sample(json: ssml(around: text), ssml: true) }
        var json = Self.escape(text)
        if below(20) == 0 { json += "\\ud800" }  // a lone surrogate, escaped as JSON allows
        return Sample(json: json, ssml: false)
    }

    private mutating func piece() -> String {
        // Long pieces are rare: a long word is spoken letter by letter, seconds of audio to synthesize.
        if below(25) == 0 { return word(length: 100 + below(900)) }
        switch below(9) {
        case 0: return word(length: 1 + below(12)) + " "
        case 1: return word(length: 1 + below(40))
        case 2: return word(length: 1 + below(4)) + String(repeating: pickMark(), count: 1 + below(30))
        case 3:
            return String(
                pick([
                    "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200D}",
                    "\u{FEFF}", "\u{AD}",
                ])) + word(length: 3)
        case 4: return word(length: 10 + below(40))
        case 5: return digits()
        case 6: return String((0..<(3 + below(60))).map { _ in pick(Array(".!?…,;:—-'\"()[]{}<>&*#@%/\\|~^`=+_")) })
        case 7:
            return String(pick(["\u{1}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\t", "\n"]))
        default: return word(length: 2 + below(8)) + pick([". ", "! ", "? ", "。", " ", ", "])
        }
    }

    private mutating func word(length: Int) -> String {
        let pool = pools[below(pools.count)]
        return String(String.UnicodeScalarView((0..<length).map { _ in pool[below(pool.count)] }))
    }

    private mutating func pickMark() -> Character {
        Character(Unicode.Scalar(UInt32(0x0300 + below(0x70)))!)
    }

    private mutating func digits() -> String {
        let count = 1 + below(24)
        var run = String((0..<count).map { index in Character(String(index == 0 ? 1 + below(9) : below(10))) })
        switch below(5) {
        case 0:
            var grouped = ""
            for (index, digit) in run.reversed().enumerated() {
                if index > 0 && index % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            run = String(grouped.reversed())
        case 1:
            run = String(String.UnicodeScalarView(run.unicodeScalars.map { Unicode.Scalar($0.value - 0x30 + 0xFF10)! }))
        case 2:
            run = String(String.UnicodeScalarView(run.unicodeScalars.map { Unicode.Scalar($0.value - 0x30 + 0x0660)! }))
        case 3: run += "." + String(below(1000))
        default: break
        }
        return run + " "
    }

    /// An SSML document around `text` (escaped for XML): sentences, prosody, a language change.
    private mutating func ssml(around text: String) -> String {
        let body = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        let language = pick(["en", "yue", "es-MX", "pl", "ar", "ja"])
        let document =
            "<speak><s>Word \(body)</s><prosody rate=\"fast\"><s xml:lang=\"\(language)\">\(body) 1234567890123</s></prosody><break time=\"10ms\"/></speak>"
        return Self.escape(document)
    }

    /// A JSON string's contents: quotes, backslashes and control characters escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
