import NarratorWire

extension EntryCheck {
    /// A translation must use the same arguments with the same types as the source: missing ones
    /// lose information, extra ones crash other tools or read the wrong value.
    mutating func comparePlaceholders(
        _ translation: LocalizationAnalysis, with source: LocalizationAnalysis, at localization: CatalogLocalization,
        language: String
    ) {
        let mine = translation.signature
        let theirs = source.signature
        let position = translation.uses.first?.position ?? localization.position
        if mine.count != theirs.count {
            report(
                .placeholderMismatch, at: position, language: language,
                "uses \(Self.count(mine.count)) but the source uses \(Self.count(theirs.count))")
        }
        for argument in Set(mine.keys).union(theirs.keys).sorted() {
            let sourceUse = source.firstUse(of: argument)
            let use = translation.firstUse(of: argument)
            switch (mine[argument], theirs[argument]) {
            case (nil, _?):
                report(
                    .placeholderMismatch, at: position, language: language,
                    "argument \(argument) (\(sourceUse!.text) in the source) is missing")
            case (_?, nil):
                report(
                    .placeholderMismatch, at: use!.position, language: language,
                    "\(use!.text) refers to argument \(argument), which the source does not have")
            case (let kind?, let expected?) where kind != expected:
                report(
                    .placeholderMismatch, at: use!.position, language: language,
                    "argument \(argument) is \(kind.phrase) here (\(use!.text)) but \(expected.phrase) in the source "
                        + "(\(sourceUse!.text)); to reorder arguments number them, like %2$lld")
            default:
                continue
            }
        }
    }

    private static func count(_ number: Int) -> String { number == 1 ? "1 argument" : "\(number) arguments" }

    /// A translation equal to the source text is usually an untranslated copy.
    mutating func checkIdentical(_ localization: CatalogLocalization, to source: CatalogLocalization) {
        let language = LocaleIdentifier(localization.language)
        guard language.language != LocaleIdentifier(catalog.sourceLanguage).language,
            let mine = localization.value, let theirs = source.value
        else { return }
        let texts = Self.mainTexts(mine) + Self.substitutionTexts(localization)
        guard texts == Self.mainTexts(theirs) + Self.substitutionTexts(source) else { return }
        let meaningful = texts.filter { text in
            let literal = (try? FormatString(parsing: text, allowsSubstitutionArgument: true).literalText) ?? text
            return literal.unicodeScalars.contains(where: \.properties.isAlphabetic)
                && !configuration.identicalAllowed.contains(text.trimmingWhitespace())
        }
        guard !meaningful.isEmpty else { return }
        report(
            .identicalToSource, at: mine.units.first?.unit.position ?? localization.position,
            language: localization.language,
            "is the same as the \(catalog.sourceLanguage) text: translate it, or, if it is right in "
                + "\(localization.language) (a name, a word both languages share), allow it in "
                + "\(AllowList.fileName(forTable: catalog.name))",
            subjects: meaningful.map { $0.trimmingWhitespace() })
    }

    /// The `other` form of each substitution, by name.
    private static func substitutionTexts(_ localization: CatalogLocalization) -> [String] {
        localization.substitutions.sorted(by: { $0.key < $1.key }).flatMap { _, substitution in
            substitution.plural.map { mainTexts(.plural($0)) } ?? []
        }
    }

    /// The texts that show whether something was translated: the unit, or each `other` form.
    private static func mainTexts(_ value: CatalogValue) -> [String] {
        switch value {
        case .unit(let unit): [unit.value]
        case .plural(let variations), .device(let variations):
            variations.value("other").map(mainTexts) ?? variations.cases.flatMap { mainTexts($0.value) }
        }
    }
}
