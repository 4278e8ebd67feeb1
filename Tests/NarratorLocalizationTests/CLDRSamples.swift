import Foundation

/// The sample values of CLDR's `plurals.xml` / `ordinals.xml`, read at test time so the generated
/// rules are checked against the XML they claim to come from.
struct CLDRSamples {
    /// One sample: a locale, the number as written, and the category CLDR says it selects.
    struct Sample: CustomStringConvertible {
        let locale: String
        let number: String
        let category: String
        var description: String { "\(locale) \(number) -> \(category)" }
    }

    /// Where Debian's unicode-cldr-core installs the files (CI installs that package).
    static let directory = "/usr/share/unicode/cldr/common/supplemental"

    /// Why the samples could not be read, in a sentence that says how to fix it.
    struct MissingData: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "\(path) is missing: install the Debian package unicode-cldr-core (apt-get install unicode-cldr-core), "
                + "which ships the CLDR 41 plural rules and samples this test checks"
        }
    }

    let samples: [Sample]

    /// Reads every `@integer` and `@decimal` sample of every locale in `file`.
    init(file: String) throws {
        let path = "\(Self.directory)/\(file)"
        guard let data = FileManager.default.contents(atPath: path), let xml = String(data: data, encoding: .utf8)
        else { throw MissingData(path: path) }
        var samples: [Sample] = []
        for group in xml.components(separatedBy: "<pluralRules locales=\"").dropFirst() {
            let locales = group.prefix(while: { $0 != "\"" }).split(separator: " ").map(String.init)
            for rule in group.components(separatedBy: "<pluralRule count=\"").dropFirst() {
                let category = String(rule.prefix(while: { $0 != "\"" }))
                let body = rule.drop(while: { $0 != ">" }).dropFirst().prefix(while: { $0 != "<" })
                for list in body.components(separatedBy: "@").dropFirst() {
                    // Each list starts with its kind ("integer 0~15, 100, …"); the kind only names it.
                    let values = list.drop(while: { $0 != " " })
                    for number in try Self.expand(String(values)) {
                        samples += locales.map { Sample(locale: $0, number: number, category: category) }
                    }
                }
            }
        }
        self.samples = samples
    }

    /// Expands `0~15, 100, 0.0~1.5, 1c6, …`: integer ranges step by one, decimal ranges by the
    /// precision of their endpoints (0.0~1.5 is 0.0, 0.1, ..., 1.5), `…` marks an open list.
    static func expand(_ list: String) throws -> [String] {
        var numbers: [String] = []
        for item in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if item.isEmpty || item == "…" { continue }
            let ends = item.split(separator: "~").map(String.init)
            guard ends.count == 2 else {
                numbers.append(item)
                continue
            }
            let digits = ends[0].split(separator: ".").dropFirst().first?.count ?? 0
            guard let low = Int(ends[0].replacingOccurrences(of: ".", with: "")),
                let high = Int(ends[1].replacingOccurrences(of: ".", with: "")), low <= high,
                digits == (ends[1].split(separator: ".").dropFirst().first?.count ?? 0)
            else { throw BadRange(text: item) }
            numbers += (low...high).map { scaled in Self.decimal(scaled, fractionDigits: digits) }
        }
        return numbers
    }

    /// A sample range this reader does not understand: failing beats silently skipping samples.
    struct BadRange: Error { let text: String }

    /// Writes `scaled / 10^fractionDigits` with exactly `fractionDigits` fraction digits.
    static func decimal(_ scaled: Int, fractionDigits: Int) -> String {
        guard fractionDigits > 0 else { return String(scaled) }
        let digits = String(scaled)
        let padded = String(repeating: "0", count: max(0, fractionDigits + 1 - digits.count)) + digits
        return "\(padded.dropLast(fractionDigits)).\(padded.suffix(fractionDigits))"
    }
}
