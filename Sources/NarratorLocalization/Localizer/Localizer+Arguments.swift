public import NarratorJSON

extension Localizer {
    /// The arguments `key` takes, in order (argument 1 first), as its source text uses them; nil
    /// when no table has the key. The daemon's event map and `lint --preview` build arguments from this.
    /// An argument the text never uses (a gap in the numbering) is listed as `.string`. Worked out
    /// once, when the table loads.
    public func argumentKinds(of key: String) -> [FormatArgument.Kind]? {
        prepared[key]?.argumentKinds
    }
}
