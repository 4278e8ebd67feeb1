import NarratorJSON

extension EntryCheck {
    /// What in a text's own words (placeholders and spoken-number markup left out) a voice reads
    /// otherwise than a player expects: grouped digits, all-capitals abbreviations, markup tags.
    mutating func checkSpokenWords(_ unit: StringUnit, form: String, language: String) {
        // A `%` that starts no placeholder is text here: what is wrong with it is another finding.
        let format = FormatString(findingPlaceholdersIn: unit.value, allowsSubstitutionArgument: true)
        // A placeholder becomes a character that is neither a letter nor a digit, so the words and
        // numbers on either side of it stay apart.
        let literal = format.segments.map { if case .literal(let text) = $0 { text } else { "\u{FFFC}" } }.joined()
        for number in SpokenWords.groupedNumbers(in: literal) {
            report(
                .digitGrouping, at: unit.position, language: language,
                "\(form) writes \"\(number)\" with a thousands separator, which espeak-ng reads as a decimal or as "
                    + "separate numbers in some languages (en: \"12.000\" is \"twelve point zero zero zero\"; ru: "
                    + "\"12 000\" is \"двенадцать ноль ноль ноль\"): write the digits together, \"12000\"",
                subjects: [number])
        }
        for word in SpokenWords.abbreviations(in: literal) {
            report(
                .abbreviation, at: unit.position, language: language,
                "\(form) has the abbreviation \"\(word)\", which espeak-ng reads as a word when its letters can be "
                    + "pronounced and spells otherwise, by the rules of each language (en: ESC is \"esk\", FPS is "
                    + "\"ef pee ess\"; ja spells every Latin letter): write the words, or spell it as it should be "
                    + "heard, or allow it in \(AllowList.fileName(forTable: catalog.name))",
                subjects: [word])
        }
        for tag in SpokenWords.markup(in: literal) {
            report(
                .markup, at: unit.position, language: language,
                "\(form) contains the markup \"\(tag)\", which espeak-ng reads aloud (\"<b>\" is \"b\", \"</b>\" "
                    + "is \"slash b\", \"&amp;\" is \"and amp\"): the narrator speaks plain text, write it without",
                subjects: [tag])
        }
    }

    /// A number that counts something ("%lld lives" in the source) needs plural forms in every
    /// language whose CLDR rules have more than one category; a text without them says "1 lives"
    /// or, in a translation, the wrong case of the noun.
    mutating func checkCounts(source: CatalogLocalization) {
        guard PluralRules(locale: catalog.sourceLanguage).categories.count > 1 else { return }
        let counted = SpokenWords.countedArguments(in: source)
        guard !counted.isEmpty else { return }
        let localizations =
            [source]
            + entry.localizations.values.filter { $0.language != source.language }
            .sorted(by: { $0.position < $1.position })
        for localization in localizations {
            guard let value = localization.value, entry.shouldTranslate || localization.language == source.language
            else { continue }
            let rules = PluralRules(locale: localization.language)
            guard rules.categories.count > 1 else { continue }
            let varied = SpokenWords.variedArguments(in: localization)
            for (argument, example) in counted.sorted(by: { $0.key < $1.key }) where !varied.contains(argument) {
                let position = value.units.first?.unit.position ?? localization.position
                report(
                    .countWithoutPlural, at: position, language: localization.language,
                    "argument \(argument) counts something (\"\(example)\" in \(catalog.sourceLanguage)) but the "
                        + "text has no plural forms for it, and \(localization.language) needs "
                        + "\(rules.categories.map(\.rawValue).joined(separator: ", ")): write it as a substitution "
                        + "with plural variations (like lives_remaining, docs/LOCALIZATION.md)")
            }
        }
    }
}

/// The word-level checks of `EntryCheck+Speech`, on text with its placeholders taken out.
enum SpokenWords {
    /// Thousands separators as they are written: comma, full stop, apostrophes, spaces (plain, no-break,
    /// narrow no-break, thin), and the Arabic thousands separator.
    static let groupSeparators: Set<Character> = [
        ",", ".", "'", "\u{2019}", " ", "\u{A0}", "\u{202F}", "\u{2009}", "\u{066C}",
    ]

    static func isDigit(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1 && character.unicodeScalars.first!.properties.numericType == .decimal
    }

    /// Numbers written in groups of three: "12,000", "1.000.000", "12 000". One to three digits,
    /// then at least one separator followed by exactly three digits, with no digit right before.
    static func groupedNumbers(in text: String) -> [String] {
        let characters = Array(text)
        var found: [String] = []
        var index = 0
        while index < characters.count {
            guard isDigit(characters[index]), index == 0 || !isDigit(characters[index - 1]) else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count && isDigit(characters[end]) { end += 1 }
            let leading = end - index
            var groups = 0
            var cursor = end
            while leading <= 3, cursor + 3 < characters.count, groupSeparators.contains(characters[cursor]),
                characters[(cursor + 1)...(cursor + 3)].allSatisfy(isDigit),
                cursor + 4 == characters.count || !isDigit(characters[cursor + 4])
            {
                groups += 1
                cursor += 4
            }
            if groups > 0 { found.append(String(characters[index..<cursor])) }
            index = max(cursor, end)
        }
        return found
    }

    /// Words of two to five capital letters (HUD, FPS, ESC, XP, roman numerals like IV), in a text
    /// that is not written all in capitals. Letters or digits right before or after make it part
    /// of something else ("3D", "MP3"); a text with no small letter at all is a shouted line
    /// ("GAME OVER"), which espeak-ng reads as words.
    static func abbreviations(in text: String) -> [String] {
        guard text.contains(where: \.isLowercase) else { return [] }
        var found: [String] = []
        var word = ""
        var touchesDigit = false
        func flush() {
            if (2...5).contains(word.count), word.allSatisfy(\.isUppercase), !touchesDigit, !found.contains(word) {
                found.append(word)
            }
            word = ""
            touchesDigit = false
        }
        for character in text {
            if character.isLetter {
                word.append(character)
            } else if isDigit(character) {
                touchesDigit = true
                if word.isEmpty { continue }
                flush()
                touchesDigit = true
            } else {
                flush()
            }
        }
        flush()
        return found
    }

    /// HTML or XML tags (`<b>`, `</i>`, `<br/>`, `<font size="2">`) and character references
    /// (`&amp;`, `&#160;`).
    static func markup(in text: String) -> [String] {
        let characters = Array(text)
        var found: [String] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "<", let end = characters[index...].prefix(80).firstIndex(of: ">") {
                let inner = characters[(index + 1)..<end]
                let name = inner.drop(while: { $0 == "/" })
                if let first = name.first, first.isASCII, first.isLetter, !inner.contains("<") {
                    found.append(String(characters[index...end]))
                    index = end + 1
                    continue
                }
            }
            if character == "&", let end = characters[index...].prefix(12).firstIndex(of: ";") {
                let inner = characters[(index + 1)..<end]
                let named = !inner.isEmpty && inner.allSatisfy { $0.isASCII && $0.isLetter }
                let numeric =
                    inner.first == "#" && inner.count > 1
                    && inner.dropFirst().allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == "x" || $0 == "X") }
                if named || numeric {
                    found.append(String(characters[index...end]))
                    index = end + 1
                    continue
                }
            }
            index += 1
        }
        return found
    }

    /// English words ending in s that are not plural nouns.
    private static let notPlurals: Set<String> = [
        "is", "was", "has", "as", "us", "its", "this", "yes", "plus", "minus", "less", "thus", "does", "his",
        "always", "perhaps", "whereas", "across", "unless",
    ]
    private static let irregularPlurals: Set<String> = [
        "lives", "people", "men", "women", "children", "feet", "teeth", "mice", "geese",
    ]

    /// Whether an English word reads as a plural noun after a number ("lives", "points", "hours").
    static func isEnglishPlural(_ word: String) -> Bool {
        let word = word.lowercased()
        if irregularPlurals.contains(word) { return true }
        guard word.count >= 3, word.hasSuffix("s"), !notPlurals.contains(word) else { return false }
        return !["ss", "us", "is"].contains(where: word.hasSuffix)
    }

    /// The whole-number arguments of the source text that count something: followed by a plural
    /// noun ("%lld lives", "%2$lld points"), with the text that shows it. Only for English
    /// sources; other source languages are not recognized.
    static func countedArguments(in source: CatalogLocalization) -> [Int: String] {
        guard LocaleIdentifier(source.language).language == "en" else { return [:] }
        var units = source.value?.units.map(\.unit) ?? []
        for substitution in source.substitutions.values {
            units += substitution.plural.map { CatalogValue.plural($0).units.map(\.unit) } ?? []
        }
        var counted: [Int: String] = [:]
        for unit in units {
            guard let format = try? FormatString(parsing: unit.value, allowsSubstitutionArgument: true) else {
                continue
            }
            let segments = format.segments
            for (index, segment) in segments.enumerated() {
                let placeholder: FormatPlaceholder?
                switch segment {
                case .placeholder(let value): placeholder = value
                case .spokenNumber(let spoken): placeholder = spoken.placeholder
                default: placeholder = nil
                }
                guard let placeholder, placeholder.conversion.argumentKind != .string,
                    index + 1 < segments.count, case .literal(let after) = segments[index + 1],
                    after.first == " "
                else { continue }
                let word = after.dropFirst().prefix(while: \.isLetter)
                if isEnglishPlural(String(word)), counted[placeholder.argument] == nil {
                    counted[placeholder.argument] = "\(placeholder.text) \(word)"
                }
            }
        }
        return counted
    }

    /// The arguments whose forms vary by plural in a localization: those of its substitutions,
    /// and the first number of a text that has plural variations itself.
    static func variedArguments(in localization: CatalogLocalization) -> Set<Int> {
        let analysis = LocalizationAnalysis(localization)
        var varied = Set(analysis.uses.filter { $0.text.hasPrefix("%#@") }.map(\.argument))
        if case .plural(let variations)? = localization.value {
            for (_, unit) in CatalogValue.plural(variations).units {
                let format = try? FormatString(parsing: unit.value)
                if let first = format?.placeholders.first(where: { $0.conversion.argumentKind != .string }) {
                    varied.insert(first.argument)
                }
            }
        }
        return varied
    }
}
