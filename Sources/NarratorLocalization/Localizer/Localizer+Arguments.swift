public import NarratorWire

extension Localizer {
    /// The arguments `key` takes, in order (argument 1 first), as its source text uses them; nil
    /// when no table has the key. The daemon's event map and `lint --preview` build arguments from this.
    /// An argument the text never uses (a gap in the numbering) is listed as `.string`.
    public func argumentKinds(of key: String) -> [FormatArgument.Kind]? {
        guard let (entry, _) = entry(key),
            let analysis = prepared[key]?.sourceAnalysis
                ?? entry.localizations.values.first.map(LocalizationAnalysis.init)
        else { return nil }
        let signature = analysis.signature
        let count = signature.keys.max() ?? 0
        return (0..<count).map { signature[$0 + 1] ?? .string }
    }
}
