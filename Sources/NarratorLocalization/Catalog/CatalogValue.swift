public import NarratorJSON

/// The text of a localization: one string, or forms chosen by plural category or device.
public indirect enum CatalogValue: Sendable {
    case unit(StringUnit)
    /// `variations.plural`: forms by CLDR category of the number argument.
    case plural(CatalogVariations)
    /// `variations.device`: forms by Apple device; the narrator speaks `other`.
    case device(CatalogVariations)

    /// Every string unit inside, with the path of variation names that leads to it (`["one"]`).
    public var units: [(path: [String], unit: StringUnit)] {
        switch self {
        case .unit(let unit): [([], unit)]
        case .plural(let variations), .device(let variations):
            variations.cases.flatMap { variation in
                variation.value.units.map { ([variation.name] + $0.path, $0.unit) }
            }
        }
    }
}

/// `stringUnit`: a translated string and its review state.
public struct StringUnit: Sendable {
    /// `new`, `translated`, `needs_review` or `stale` in Xcode's tables; nil when absent.
    public var state: String?
    public var value: String
    /// Where the value is written (the `value` member, or the unit when it has none).
    public var position: SourcePosition
}

/// The cases of a `plural` or `device` variation, in file order.
public struct CatalogVariations: Sendable {
    /// One named case (`one`, `few`, `iphone`, `other`).
    public struct Case: Sendable {
        public var name: String
        public var position: SourcePosition
        public var value: CatalogValue
    }

    public var position: SourcePosition
    public var cases: [Case]

    /// The case with this name, if written.
    public func value(_ name: String) -> CatalogValue? {
        cases.last(where: { $0.name == name })?.value
    }

    /// The plural form for a category.
    public func value(_ category: PluralCategory) -> CatalogValue? { value(category.rawValue) }
}
