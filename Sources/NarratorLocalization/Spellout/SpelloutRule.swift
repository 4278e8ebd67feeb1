/// One rule of a rule set: the numbers it applies to and the text it writes for them, with
/// substitutions for the rest of the number (ICU's `NFRule`, for whole numbers).
struct SpelloutRule: Sendable {
    /// What a piece of the rule's text stands for.
    enum Part: Sendable {
        case literal(String)
        /// `<<`, `>>`, `==` and their named or pattern forms.
        case substitution(Substitution)
        /// `$(cardinal,one{тысяча}few{тысячи}other{тысяч})$`: a word chosen by the plural category of
        /// the number divided by the rule's divisor.
        case plural(ordinal: Bool, forms: [String: String])
    }

    /// A substitution: which part of the number, and how it is written.
    struct Substitution: Sendable {
        enum Kind: Sendable {
            /// `<<`: the number divided by the divisor.
            case quotient
            /// `>>`: the remainder of the division (the absolute value in a `-x` rule).
            case remainder
            /// `>>>`: the remainder, written with the rule that precedes this one.
            case remainderWithPrecedingRule
            /// `==`: the number itself.
            case same
        }

        enum Target: Sendable {
            /// The rule's own rule set.
            case ownRuleSet
            /// Another rule set of the same locale (`%spellout-cardinal-feminine`).
            case ruleSet(String)
            /// A decimal pattern (`#,##0`): digits, without grouping (see `SpelloutRules`).
            case digits
        }

        var kind: Kind
        var target: Target
    }

    /// The lowest number the rule applies to; negative for the special rules below.
    var baseValue: Int64
    /// `-x`: the rule for negative numbers.
    var isNegativeRule: Bool
    var divisor: UInt64
    var parts: [Part]
    /// The index of the preceding rule in the rule set, for `>>>`.
    var predecessor: Int?

    var hasRemainder: Bool {
        parts.contains {
            if case .substitution(let sub) = $0 {
                return sub.kind == .remainder || sub.kind == .remainderWithPrecedingRule
            }
            return false
        }
    }

    /// True when a number that is an exact multiple of the divisor should use the rule before this
    /// one: this rule's remainder would be zero, and its base value is not itself such a multiple.
    func shouldRollBack(_ number: UInt64) -> Bool {
        guard hasRemainder, divisor > 0 else { return false }
        return number % divisor == 0 && UInt64(baseValue) % divisor != 0
    }

    /// The highest power of `radix` not above `value` (1 for 0): the rule's divisor.
    static func divisor(base: Int64, radix: UInt64) -> UInt64 {
        var power: UInt64 = 1
        while base > 0 {
            let (next, overflow) = power.multipliedReportingOverflow(by: radix)
            if overflow || next > UInt64(base) { break }
            power = next
        }
        return power
    }

    /// Splits rule text into literals, substitutions and plural choices. Throws for a token that
    /// is not closed.
    static func parts(of text: String) throws(SpelloutError) -> [Part] {
        let scalars = Array(text.unicodeScalars)
        var parts: [Part] = []
        var literal = String.UnicodeScalarView()
        var index = 0
        func flush() {
            if !literal.isEmpty { parts.append(.literal(String(literal))) }
            literal = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(" {
                guard let end = find(")$", in: scalars, from: index + 2) else {
                    throw .malformedRule(text, "a $( without )$")
                }
                flush()
                parts.append(try plural(String(String.UnicodeScalarView(scalars[(index + 2)..<end])), rule: text))
                index = end + 2
                continue
            }
            guard scalar == "<" || scalar == ">" || scalar == "=" else {
                literal.append(scalar)
                index += 1
                continue
            }
            flush()
            if scalar == ">", index + 2 < scalars.count, scalars[index + 1] == ">", scalars[index + 2] == ">" {
                parts.append(.substitution(Substitution(kind: .remainderWithPrecedingRule, target: .ownRuleSet)))
                index += 3
                continue
            }
            guard var close = scalars[(index + 1)...].firstIndex(of: scalar) else {
                throw .malformedRule(text, "'\(scalar)' is not closed")
            }
            var inside = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            // As ICU reads `<%name<<` and `<#,##0<<`: the doubled closing `<` belongs to the token.
            if scalar == "<", close + 1 < scalars.count, scalars[close + 1] == "<", !inside.isEmpty {
                close += 1
                if !inside.hasPrefix("%") { inside += "<" }
            }
            let kind: Substitution.Kind = scalar == "<" ? .quotient : scalar == ">" ? .remainder : .same
            let target: Substitution.Target =
                inside.isEmpty ? .ownRuleSet : inside.hasPrefix("%") ? .ruleSet(inside) : .digits
            parts.append(.substitution(Substitution(kind: kind, target: target)))
            index = close + 1
        }
        flush()
        return parts
    }

    private static func find(_ token: String, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let needle = Array(token.unicodeScalars)
        var index = start
        while index + needle.count <= scalars.count {
            if Array(scalars[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }

    /// `cardinal,one{тысяча}few{тысячи}other{тысяч}`.
    private static func plural(_ body: String, rule: String) throws(SpelloutError) -> Part {
        guard let comma = body.firstIndex(of: ",") else { throw .malformedRule(rule, "a plural without a type") }
        let type = body[..<comma]
        guard type == "cardinal" || type == "ordinal" else { throw .malformedRule(rule, "plural type \(type)") }
        var forms: [String: String] = [:]
        var rest = body[body.index(after: comma)...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { throw .malformedRule(rule, "{ without }") }
            let keyword = rest[..<open].trimmingCharacters()
            forms[keyword] = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
        }
        guard forms["other"] != nil else { throw .malformedRule(rule, "a plural without 'other'") }
        return .plural(ordinal: type == "ordinal", forms: forms)
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String { String(self).trimmingWhitespace() }
}
