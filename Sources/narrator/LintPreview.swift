import NarratorJSON
import NarratorLocalization
import NarratorWire

/// `narrator lint --preview KEY`: the key's text per locale and number, so a translator can read
/// every plural form a language has.
struct LintPreview {
    let key: String
    let locales: [String]
    let counts: [String]
    let text: String

    /// Numbers that reach every CLDR category of the shipped languages, and a decimal.
    static let defaultCounts = ["0", "1", "2", "3", "5", "11", "21", "22", "101", "1.5"]

    /// One printed line of the preview, and the text and locale to speak for it (none for a
    /// skipped or failed rendering).
    struct Line {
        var printed: String
        var speech: (text: String, locale: String)?
        var failed = false
    }

    /// The key's name, then a line per locale and number. Throws a usage error when the tables
    /// do not load, the key is not in them or a count is not a number.
    func lines(tables: [LintInputs.Table]) throws -> [Line] {
        let localizer: Localizer
        do {
            localizer = try Localizer(tables: tables.map { ($0.path, $0.bytes) })
        } catch {
            throw LintUsageError("\(error.description)")
        }
        guard let kinds = localizer.argumentKinds(of: key) else {
            throw LintUsageError("no table defines the key \"\(key)\"")
        }
        let numbers = try (counts.isEmpty ? Self.defaultCounts : counts).map(Self.number)
        let takesNumbers = kinds.contains { $0 != .string }
        var lines = [Line(printed: key)]
        for locale in locales.isEmpty ? localizer.languages(of: key) : locales {
            for number in takesNumbers ? numbers.map(Optional.some) : [nil] {
                let label = "  \(locale.padding(8))\(number.map { "\($0.written.padding(6)) " } ?? "")"
                guard let arguments = Self.arguments(kinds, number: number, text: text) else {
                    lines.append(Line(printed: "\(label)skipped: \(key) takes whole numbers"))
                    continue
                }
                do {
                    let rendering = try localizer.render(key, locale: locale, arguments: arguments)
                    let category = rendering.pluralCategories.map(\.rawValue).joined(separator: " ")
                    let origin = rendering.locale.map { LocaleIdentifier($0).matches(LocaleIdentifier(locale)) }
                    var from = origin == true ? "" : " (from \(rendering.locale ?? "the key itself"))"
                    // The table lacks the form the language's rules chose, so `other` stood in.
                    if rendering.fallbacks.contains(where: { if case .pluralForm = $0 { true } else { false } }) {
                        from += " (from other)"
                    }
                    lines.append(
                        Line(
                            printed: "\(label)\(category.isEmpty ? "" : "[\(category)] ")\(rendering.text)\(from)",
                            // Read in the language the text is in: a fallback to English gets the English voice.
                            speech: (rendering.text, rendering.locale ?? locale)))
                } catch {
                    lines.append(Line(printed: "\(label)error: \(error.description)", failed: true))
                }
            }
        }
        return lines
    }

    /// A `--count` value: its text as written (which decides the plural operands) and its value.
    struct Number {
        var written: String
        var argument: FormatArgument
        var operands: PluralOperands
    }

    static func number(_ text: String) throws -> Number {
        guard let operands = PluralOperands(text), !text.contains("c"), !text.contains("e") else {
            throw LintUsageError("--count \(text) is not a number like 3 or 1.5")
        }
        if let integer = Int(text) { return Number(written: text, argument: .integer(integer), operands: operands) }
        guard text.contains(".") else {
            throw LintUsageError(
                "--count \(text) is beyond the 64-bit whole numbers (\(Int.min) to \(Int.max))")
        }
        guard let decimal = Double(text) else { throw LintUsageError("--count \(text) is not a number like 3 or 1.5") }
        return Number(written: text, argument: .decimal(decimal), operands: operands)
    }

    /// Arguments for the key's kinds: numbers get the count, text gets `text`. Nil when a whole
    /// number is needed and the count is a decimal.
    static func arguments(_ kinds: [FormatArgument.Kind], number: Number?, text: String) -> [FormatArgument]? {
        var arguments: [FormatArgument] = []
        for kind in kinds {
            switch (kind, number?.argument) {
            case (.string, _): arguments.append(.string(text))
            case (.integer, .decimal?): return nil
            case (_, let value?): arguments.append(value)
            case (_, nil): arguments.append(.integer(0))
            }
        }
        return arguments
    }
}

extension String {
    /// The string followed by spaces up to `width` characters, for aligned columns.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
