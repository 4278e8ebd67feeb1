/// A CLDR plural category: which form of a word a number takes in a language.
///
/// English uses `one` and `other`; Polish and Russian add `few` and `many`; Arabic uses all six.
/// The raw values are the names String Catalogs use in `variations.plural`.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
    case zero, one, two, few, many, other

    /// CLDR's order (zero, one, two, few, many, other), so lists read the way translators expect.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
