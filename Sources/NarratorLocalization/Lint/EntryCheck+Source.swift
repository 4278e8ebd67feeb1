import NarratorJSON

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
}
