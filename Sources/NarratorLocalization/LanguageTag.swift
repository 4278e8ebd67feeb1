/// A BCP-47 language tag reduced to the parts that choose a voice: language, script and region.
///
/// Accepts the forms people actually type or find in `$LANG`: `en`, `en-GB`, `pt_BR`, `zh-Hans`,
/// `es-419`, `de_DE.UTF-8`. Anything else is rejected with an error that shows the expected form.
///
/// Here, below every speech backend, so that choosing a voice by tag needs no particular engine
/// (``LocaleIdentifier`` is the looser form that table lookup compares).
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// Text that is not a language tag, with the sentence that says what one looks like.
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text as given.
        public let text: String

        public init(_ text: String) { self.text = text }

        public var description: String {
            "\"\(text)\" is not a language tag; use a BCP-47 tag such as en, en-GB, pt-BR or zh-Hans."
        }
    }

    /// Lowercased ISO 639 language code (`en`, `yue`).
    public let language: String
    /// Title-cased ISO 15924 script (`Hans`, `Latn`), if given.
    public let script: String?
    /// Uppercased ISO 3166 region or UN M.49 area code (`GB`, `419`), if given.
    public let region: String?

    public init(parsing text: String) throws(Invalid) {
        // POSIX locale names carry an encoding and a modifier that say nothing about the voice.
        var core = Substring(text)
        if let cut = core.firstIndex(where: { $0 == "." || $0 == "@" }) { core = core[..<cut] }
        let parts = core.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, Self.isLetters(first, count: 2...3) else {
            throw Invalid(text)
        }
        var script: String?
        var region: String?
        var rest = parts.dropFirst()
        if let next = rest.first, Self.isLetters(next, count: 4...4) {
            script = next.prefix(1).uppercased() + next.dropFirst().lowercased()
            rest = rest.dropFirst()
        }
        if let next = rest.first, Self.isLetters(next, count: 2...2) || Self.isDigits(next, count: 3) {
            region = next.uppercased()
            rest = rest.dropFirst()
        }
        // Variants (5-8 alphanumerics, or a digit and three alphanumerics) and extensions do not
        // change the voice; they are checked for shape only.
        for part in rest where !Self.isVariantOrExtension(part) {
            throw Invalid(text)
        }
        self.language = first.lowercased()
        self.script = script
        self.region = region
    }

    public var description: String {
        [language, script, region].compactMap { $0 }.joined(separator: "-")
    }

    private static func isLetters(_ part: Substring, count: ClosedRange<Int>) -> Bool {
        count.contains(part.count) && part.allSatisfy { $0.isASCII && $0.isLetter }
    }

    private static func isDigits(_ part: Substring, count: Int) -> Bool {
        part.count == count && part.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isVariantOrExtension(_ part: Substring) -> Bool {
        (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
