/// A number that cannot be spelled out: the rule set is not one the language has, or the rule data
/// is broken (a bug in the generated tables, never a translator's mistake).
public enum SpelloutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `name` is not a public rule set of `locale`; `known` lists the ones it has.
    case unknownRuleSet(String, locale: String, known: [String])
    /// No CLDR spell-out rules exist for the language at all.
    case noRules(locale: String)
    /// A rule that cannot be read or applied.
    case malformedRule(String, String)

    public var description: String {
        switch self {
        case .unknownRuleSet(let name, let locale, let known):
            "\"\(name)\" is not a number form \(locale) has: use one of "
                + known.map { $0.hasPrefix("spellout-") ? String($0.dropFirst(9)) : $0 }.joined(separator: ", ")
        case .noRules(let locale):
            "CLDR has no spelled-out numbers for \(locale): keep the number as digits"
        case .malformedRule(let rule, let reason):
            "the spell-out rule \(rule) is broken (\(reason))"
        }
    }
}
