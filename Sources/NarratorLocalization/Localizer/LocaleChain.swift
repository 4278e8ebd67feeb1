/// The languages tried for one key, in order: the requested tag and its shorter forms
/// (`es-MX`, `es`), Chinese script aliases (`zh-TW` reads `zh-Hant`), another region of the same
/// language the table has (`pt` finds `pt-BR`), then the table's source language.
struct LocaleChain {
    /// A table language with text for the key.
    struct Candidate: Sendable {
        var identifier: LocaleIdentifier
        var localization: CatalogLocalization
    }

    /// One key's languages, indexed once when the table loads, so that choosing a language for an
    /// event is a few dictionary lookups rather than a pass over every language of the key.
    struct Languages: Sendable {
        /// The localizations with usable text, by lowercased tag.
        let usable: [String: Candidate]
        /// Every language tag of the key, grouped by language subtag, sorted.
        let tagsByLanguage: [String: [LocaleIdentifier]]
        let source: LocaleIdentifier
        let shouldTranslate: Bool

        init(entry: CatalogEntry, sourceLanguage: String) {
            var usable: [String: Candidate] = [:]
            var tagsByLanguage: [String: [LocaleIdentifier]] = [:]
            for (tag, localization) in entry.localizations {
                let identifier = LocaleIdentifier(tag)
                tagsByLanguage[identifier.language, default: []].append(identifier)
                if LocaleChain.isUsable(localization), usable[identifier.normalized] == nil {
                    usable[identifier.normalized] = Candidate(
                        identifier: LocaleIdentifier(localization.language), localization: localization)
                }
            }
            self.usable = usable
            self.tagsByLanguage = tagsByLanguage.mapValues { $0.sorted { $0.normalized < $1.normalized } }
            self.source = LocaleIdentifier(sourceLanguage)
            self.shouldTranslate = entry.shouldTranslate
        }
    }

    /// Chinese tags that name a script through their region or by convention.
    private static let chineseScripts: [String: String] = [
        "zh": "zh-Hans", "zh-cn": "zh-Hans", "zh-sg": "zh-Hans", "zh-my": "zh-Hans",
        "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant",
    ]

    let candidates: [Candidate]

    init(requested: LocaleIdentifier, languages: Languages) {
        var tags: [LocaleIdentifier]
        if languages.shouldTranslate {
            tags = requested.truncations
            for tag in requested.truncations {
                if let script = Self.chineseScripts[tag.normalized] { tags.append(LocaleIdentifier(script)) }
            }
            tags += languages.tagsByLanguage[requested.language] ?? []
            tags.append(languages.source)
        } else {
            // A shouldTranslate: false entry is spoken in its source language everywhere, on purpose.
            tags = [languages.source]
        }
        var seen = Set<String>()
        candidates = tags.compactMap { tag in
            guard seen.insert(tag.normalized).inserted else { return nil }
            return languages.usable[tag.normalized]
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
