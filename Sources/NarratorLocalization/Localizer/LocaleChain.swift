/// The languages tried for one key, in order: the requested tag and its shorter forms
/// (`es-MX`, `es`), Chinese script aliases (`zh-TW` reads `zh-Hant`), another region of the same
/// language the table has (`pt` finds `pt-BR`), then the table's source language.
struct LocaleChain {
    /// A table language with text for the key.
    struct Candidate {
        var identifier: LocaleIdentifier
        var localization: CatalogLocalization
    }

    /// Chinese tags that name a script through their region or by convention.
    private static let chineseScripts: [String: String] = [
        "zh": "zh-Hans", "zh-cn": "zh-Hans", "zh-sg": "zh-Hans", "zh-my": "zh-Hans",
        "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant",
    ]

    let candidates: [Candidate]

    init(requested: LocaleIdentifier, entry: CatalogEntry, sourceLanguage: String) {
        var tags = requested.truncations
        for tag in requested.truncations {
            if let script = Self.chineseScripts[tag.normalized] { tags.append(LocaleIdentifier(script)) }
        }
        let sameLanguage = entry.localizations.keys.map(LocaleIdentifier.init)
            .filter { $0.language == requested.language }
            .sorted { $0.normalized < $1.normalized }
        tags += sameLanguage
        tags.append(LocaleIdentifier(sourceLanguage))
        // A shouldTranslate: false entry is spoken in its source language everywhere, on purpose.
        if !entry.shouldTranslate { tags = [LocaleIdentifier(sourceLanguage)] }
        var seen = Set<String>()
        candidates = tags.compactMap { tag in
            guard seen.insert(tag.normalized).inserted, let localization = entry.localization(for: tag),
                Self.isUsable(localization)
            else { return nil }
            return Candidate(identifier: LocaleIdentifier(localization.language), localization: localization)
        }
    }

    /// The first language with usable text.
    var firstUsable: Candidate? { candidates.first }

    /// Text exists and is not blank in every form (lint reports blank text; speech skips it).
    static func isUsable(_ localization: CatalogLocalization) -> Bool {
        guard let units = localization.value?.units, !units.isEmpty else { return false }
        return units.allSatisfy { !$0.unit.value.trimmingWhitespace().isEmpty }
    }
}
