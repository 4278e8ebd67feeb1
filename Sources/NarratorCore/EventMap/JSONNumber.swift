import NarratorLocalization

/// Reading JSON numbers (kept as text by the parser) and describing values for messages.
enum JSONNumber {
    /// The number as an `Int` when it is integral and fits: `2`, `2.0` and `2e0` are all 2.
    static func integer(_ text: String) -> Int? {
        if let integer = Int(text) { return integer }
        guard let double = Double(text), double.isFinite, double == double.rounded(),
            abs(double) < 9_007_199_254_740_992
        else { return nil }
        return Int(double)
    }

    /// The number as a `Double`, when finite.
    static func decimal(_ text: String) -> Double? {
        guard let double = Double(text), double.isFinite else { return nil }
        return double
    }

    /// Whether two JSON values are equal, numbers by value (`1` equals `1.0`); objects and arrays
    /// never are (the map does not allow them in conditions).
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.number(let a), .number(let b)):
            if let a = Int(a), let b = Int(b) { a == b } else { decimal(a).map { $0 == decimal(b) } ?? false }
        default: false
        }
    }

    /// "a string (\"two\")", "the number 1.5", "true": what a field held, for messages.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "a string (\"\(text)\")"
        case .number(let text): "the number \(text)"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .object, .array: value.kindDescription
        }
    }
}
