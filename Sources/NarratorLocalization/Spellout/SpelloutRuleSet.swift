/// One named rule set of a locale (`%spellout-cardinal-feminine`), its rules in ascending order.
struct SpelloutRuleSet: Sendable {
    let name: String
    /// False for `%%` sets, which only other rules use.
    let isPublic: Bool
    private(set) var rules: [SpelloutRule] = []
    private(set) var negativeRule: SpelloutRule?

    init(name: String) {
        self.name = name
        self.isPublic = !name.hasPrefix("%%")
    }

    /// Adds the rule written as `descriptor: text` (ICU syntax). A bracketed part makes two rules, as
    /// in ICU: the base value without it, and the next value with it. Fraction, infinity and NaN
    /// rules are skipped: the narrator spells out whole numbers only.
    mutating func add(descriptor: String, text rawText: String) throws(SpelloutError) {
        var scalars = rawText.unicodeScalars[...]
        if scalars.last == ";" { scalars = scalars.dropLast() }
        if scalars.first == "'" { scalars = scalars.dropFirst() }
        let text = Substring(String(scalars))
        if descriptor == "-x" {
            negativeRule = SpelloutRule(
                baseValue: -1, isNegativeRule: true, divisor: 1, parts: try SpelloutRule.parts(of: String(text)),
                predecessor: nil)
            return
        }
        let pieces = descriptor.split(separator: "/", maxSplits: 1)
        guard let base = Int64(pieces[0]) else {
            // x.x, 0.x, x,x, Inf, NaN: not used for whole numbers.
            return
        }
        let radix = pieces.count > 1 ? UInt64(pieces[1]) ?? 10 : 10
        let divisor = SpelloutRule.divisor(base: base, radix: radix)
        let predecessor = rules.isEmpty ? nil : rules.count - 1
        if let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") {
            let before = text[..<open]
            let inside = text[text.index(after: open)..<close]
            let after = text[text.index(after: close)...]
            let withOptional = String(before + inside + after)
            // As in ICU, only a base value that is a multiple of its divisor splits (not 0).
            if base > 0 && UInt64(base) % divisor == 0 {
                let without = String(before + after)
                rules.append(
                    SpelloutRule(
                        baseValue: base, isNegativeRule: false, divisor: divisor,
                        parts: try SpelloutRule.parts(of: without), predecessor: predecessor))
                rules.append(
                    SpelloutRule(
                        baseValue: base + 1, isNegativeRule: false, divisor: divisor,
                        parts: try SpelloutRule.parts(of: withOptional), predecessor: predecessor))
            } else {
                rules.append(
                    SpelloutRule(
                        baseValue: base, isNegativeRule: false, divisor: divisor,
                        parts: try SpelloutRule.parts(of: withOptional), predecessor: predecessor))
            }
            return
        }
        rules.append(
            SpelloutRule(
                baseValue: base, isNegativeRule: false, divisor: divisor,
                parts: try SpelloutRule.parts(of: String(text)),
                predecessor: predecessor))
    }

    /// The rule for a number of 0 or more: the last whose base value is not above it, or the one
    /// before when that rule would write a zero remainder (ICU's rollback).
    func rule(for number: UInt64) -> SpelloutRule? {
        var low = 0
        var high = rules.count
        while low < high {
            let middle = (low + high) / 2
            let base = UInt64(rules[middle].baseValue)
            if base == number { return rules[middle] }
            if base > number { high = middle } else { low = middle + 1 }
        }
        guard high > 0 else { return nil }
        let found = rules[high - 1]
        if found.shouldRollBack(number) { return high >= 2 ? rules[high - 2] : nil }
        return found
    }

    /// The rule at an index, for `>>>`.
    func rule(at index: Int) -> SpelloutRule { rules[index] }
}
