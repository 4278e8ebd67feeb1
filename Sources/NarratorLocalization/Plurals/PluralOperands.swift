/// The CLDR plural operands of a number as it is written (LDML part 3, "Plural Operand Meanings").
///
/// Plural rules look at the written form, not just the value: "1" is `one` in English but "1.0" is
/// `other`, so a decimal's operands come from its formatted digits. Compact numbers such as "1.2c6"
/// (1.2 million) carry their exponent in `c`/`e`.
public struct PluralOperands: Sendable, Hashable {
    /// Integer digits of the absolute value (`i`).
    public let i: Int
    /// Number of visible fraction digits, with trailing zeros (`v`).
    public let v: Int
    /// Number of visible fraction digits, without trailing zeros (`w`).
    public let w: Int
    /// Visible fraction digits as an integer, with trailing zeros (`f`).
    public let f: Int
    /// Visible fraction digits as an integer, without trailing zeros (`t`).
    public let t: Int
    /// Compact decimal exponent (`c`, also written `e`): 6 for "1.2c6".
    public let e: Int

    /// Synonym of `e`: CLDR 41 defines `c` and `e` as the same operand.
    public var c: Int { e }

    /// True when the absolute value `n` has no fraction, so `n = 5` can hold.
    public var isInteger: Bool { t == 0 }

    /// The operands of an integer, e.g. a score or a number of lives.
    public init(_ value: Int) {
        // Int.min has no positive counterpart; its magnitude is clamped (rules only use remainders
        // of small moduli, which such a value would not be spoken with anyway).
        self.i = Int(exactly: value.magnitude) ?? Int.max
        self.v = 0
        self.w = 0
        self.f = 0
        self.t = 0
        self.e = 0
    }

    /// The operands of a whole number of 0 or more (clamped to `Int.max`, as `init(_:)` is).
    init(unsigned value: UInt64) {
        self.init(Int(exactly: value) ?? Int.max)
    }

    /// The operands of a number written as CLDR samples and formatters write it: `-12`, `1.50`,
    /// `0.0001`, `1c6`, `1.0000001c6`. Returns nil for anything else, for a whole part beyond the
    /// magnitude of `Int.min` (19 digits), or for more than 18 fraction digits.
    public init?(_ text: String) {
        var body = Substring(text)
        if body.first == "-" { body = body.dropFirst() }
        var exponent = 0
        if let marker = body.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            guard let value = Int(body[body.index(after: marker)...]), (0...18).contains(value) else { return nil }
            exponent = value
            body = body[..<marker]
        }
        let pieces = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var integerDigits = String(pieces[0])
        var fractionDigits = pieces.count > 1 ? String(pieces[1]) : ""
        guard !integerDigits.isEmpty, pieces.count == 1 || !fractionDigits.isEmpty,
            (integerDigits + fractionDigits).allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        // The exponent moves the decimal separator right, padding with zeros when it runs out.
        let shifted = fractionDigits.prefix(exponent)
        integerDigits += shifted + String(repeating: "0", count: exponent - shifted.count)
        fractionDigits = String(fractionDigits.dropFirst(exponent))
        let trimmed = String(fractionDigits.reversed().drop(while: { $0 == "0" }).reversed())
        guard fractionDigits.count <= 18, let integer = Self.value(of: integerDigits) else { return nil }
        self.i = integer
        self.v = fractionDigits.count
        self.w = trimmed.count
        self.f = Self.value(of: fractionDigits) ?? 0
        self.t = Self.value(of: trimmed) ?? 0
        self.e = exponent
    }

    /// The value of a digit string, ignoring leading zeros; nil when it does not fit 19 digits.
    /// 9223372036854775808 (the magnitude of `Int.min`) is clamped to `Int.max`, as `init(_:)` does.
    private static func value(of digits: String) -> Int? {
        let significant = digits.drop(while: { $0 == "0" })
        if significant.isEmpty { return digits.isEmpty ? nil : 0 }
        guard significant.count <= 19, let value = UInt64(significant) else { return nil }
        return value == UInt64(Int.max) + 1 ? Int.max : Int(exactly: value)
    }
}
