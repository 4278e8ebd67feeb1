/// A BCP-47 language tag as the narrator compares them: case-insensitive, `_` read as `-`.
///
/// Only what table lookup needs: the subtags, the language, and the chain of ever shorter tags
/// (`zh-Hant-TW`, `zh-Hant`, `zh`) that fallback walks through.
public struct LocaleIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// The tag as given, with `_` replaced by `-` (`es_MX` -> `es-MX`).
    public let tag: String

    public init(_ tag: String) {
        self.tag = String(tag.trimmingWhitespace().map { $0 == "_" ? "-" : $0 })
    }

    /// Lowercased tag, the form used as a dictionary key.
    public var normalized: String { tag.lowercased() }

    /// The language subtag (`pt` for `pt-BR`).
    public var language: String {
        String(normalized.split(separator: "-", omittingEmptySubsequences: false).first ?? "")
    }

    /// The tag and each shorter tag obtained by dropping the last subtag: `zh-Hant-TW`, `zh-Hant`, `zh`.
    public var truncations: [LocaleIdentifier] {
        var parts = tag.split(separator: "-").map(String.init)
        var result: [LocaleIdentifier] = []
        while !parts.isEmpty {
            result.append(LocaleIdentifier(parts.joined(separator: "-")))
            parts.removeLast()
        }
        return result
    }

    /// Two tags name the same locale when they are equal ignoring case and separator style.
    public func matches(_ other: LocaleIdentifier) -> Bool { normalized == other.normalized }

    public var description: String { tag }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines (no Foundation needed).
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        // Nearly every string has nothing to trim: tags and table text are looked up on every event,
        // and the copy through reversed character views below was most of the cost of a render.
        guard let first, let last, isSpace(first) || isSpace(last) else { return self }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
