/// The one policy for JSON numbers, everywhere the narrator reads one (requests, events, event maps,
/// sound books): a number is kept as its text by the parser, and read here by its exact decimal
/// value, never through a binary floating-point round trip.
///
/// - A **whole number** is a number whose exact value is an integer that fits in 64 bits: `2`, `2.0`,
///   `2e0`, `20e-1` and `1e18` are whole; `0.99999999999999999` and `1.5` are not; `1e19` is out of range.
/// - A **decimal** is any number whose value is finite as a `Double` (the nearest one).
public enum JSONNumber {
    /// How a number reads as a whole number.
    public enum Whole: Sendable, Equatable {
        case value(Int)
        /// It has a fractional part.
        case fractional
        /// It is whole, but beyond 64 bits.
        case outOfRange
        /// The text is not a JSON number.
        case malformed
    }

    /// The number as an `Int` when it is whole and fits (see the type's policy).
    public static func integer(_ text: String) -> Int? {
        if case .value(let value) = whole(text) { return value }
        return nil
    }

    /// The number's exact reading as a whole number.
    public static func whole(_ text: String) -> Whole {
        // The common case, with its exact range: plain digits (JSON has no `+` and no leading zeros).
        if let integer = Int(text), isPlainInteger(text) { return .value(integer) }
        guard let decimal = DecimalText(text) else { return .malformed }
        // Trailing zeros of the digits move into the exponent: 2.50e1 is 25, digits "25", scale 0.
        var digits = decimal.digits.drop { $0 == 0 }
        var scale = decimal.exponent
        while let last = digits.last, last == 0 {
            digits.removeLast()
            scale += 1
        }
        if digits.isEmpty { return .value(0) }
        if scale < 0 { return .fractional }
        // At most 19 significant digits and 19 places fit in 64 bits; anything more is out of range.
        guard digits.count + scale <= 19 else { return .outOfRange }
        var value = 0
        for digit in digits + Array(repeating: 0, count: scale) {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(decimal.negative ? -digit : digit)
            guard !overflow1, !overflow2 else { return .outOfRange }
            value = sum
        }
        return .value(value)
    }

    private static func isPlainInteger(_ text: String) -> Bool {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        return digits.first != UInt8(ascii: "+") && (digits.count == 1 || digits.first != UInt8(ascii: "0"))
    }

    /// Whether `text` is a JSON number literal: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    /// (so not `+5`, `007`, `.5`, `0x10`).
    public static func isNumber(_ text: String) -> Bool { DecimalText(text) != nil }

    /// The number as a `Double`, when finite.
    public static func decimal(_ text: String) -> Double? {
        guard DecimalText(text) != nil, let double = Double(text), double.isFinite else { return nil }
        return double
    }

    /// Whether two JSON values are equal, numbers by exact value when both are whole (`1` equals
    /// `1.0`), else by their `Double`; objects and arrays never are (the map does not allow them in
    /// conditions).
    public static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.number(let a), .number(let b)):
            if let a = integer(a), let b = integer(b) { a == b } else { decimal(a).map { $0 == decimal(b) } ?? false }
        default: false
        }
    }

    /// "a string (\"two\")", "the number 1.5", "true": what a field held, for messages.
    public static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "a string (\"\(text)\")"
        case .number(let text): "the number \(text)"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .object, .array: value.kindDescription
        }
    }

    /// "must be a whole number, not the number 1.5" / "... (it is beyond 64 bits)": the reason a
    /// value is not a whole number, for messages.
    public static func notWhole(_ value: JSONValue) -> String {
        if case .number(let text) = value, whole(text) == .outOfRange {
            return "a whole number from \(Int.min) to \(Int.max), not \(text)"
        }
        return "a whole number, not \(describe(value))"
    }
}

/// A JSON number's text split into sign, decimal digits and a power of ten: `-12.5e3` is negative,
/// digits 1 2 5, exponent 2.
private struct DecimalText {
    var negative = false
    var digits: [Int] = []
    var exponent = 0

    init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        let integer = bytes.prefix { (0x30...0x39).contains($0) }
        guard !integer.isEmpty, integer.count == 1 || integer.first != 0x30 else { return nil }
        digits = integer.map { Int($0 - 0x30) }
        bytes = bytes.dropFirst(integer.count)
        if bytes.first == UInt8(ascii: ".") {
            let fraction = bytes.dropFirst().prefix { (0x30...0x39).contains($0) }
            guard !fraction.isEmpty else { return nil }
            digits += fraction.map { Int($0 - 0x30) }
            exponent -= fraction.count
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var sign = 1
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
                sign = bytes.first == UInt8(ascii: "-") ? -1 : 1
                bytes = bytes.dropFirst()
            }
            let power = bytes.prefix { (0x30...0x39).contains($0) }
            guard !power.isEmpty else { return nil }
            // Past a million places nothing fits in 64 bits or survives as a fraction: clamp, so
            // 1e99999999999999999999 cannot overflow the arithmetic.
            let magnitude =
                power.drop { $0 == 0x30 }.count > 7 ? 10_000_000 : Int(String(decoding: power, as: UTF8.self))!
            exponent += sign * magnitude
            bytes = bytes.dropFirst(power.count)
        }
        guard bytes.isEmpty else { return nil }
    }
}
