import NarratorJSON

/// What one localization's text needs from its arguments, and what is structurally wrong with it.
///
/// Shared by rendering (to check arguments before speaking) and lint (to compare a translation
/// with its source). Every form of every variation and substitution is looked at, not only the
/// one a given number would select, so a mistake in a rarely used plural form is still found.
struct LocalizationAnalysis: Sendable {
    /// One argument use: a placeholder, a `%#@name@`, or a `%arg`.
    struct Use: Sendable {
        var argument: Int
        var kind: FormatArgument.Kind
        /// As written (`%2$lld`, `%#@lives@`, `%arg`).
        var text: String
        var position: SourcePosition
    }

    /// A problem lint reports under `rule`.
    struct Problem: Sendable {
        var rule: LintRule
        var message: String
        var position: SourcePosition
    }

    private(set) var uses: [Use] = []
    private(set) var problems: [Problem] = []
    /// The key takes no arguments (`CatalogEntry.takesArguments`): a `%` that starts no known
    /// placeholder is text, not an error; known placeholders are still found, so a translation
    /// that adds one is told apart from its source.
    let percentIsText: Bool

    init(_ localization: CatalogLocalization, percentIsText: Bool = false) {
        self.percentIsText = percentIsText
        var referenced = Set<String>()
        for (_, unit) in localization.value?.units ?? [] {
            scan(unit, in: localization, substitutionArgument: nil, referenced: &referenced)
        }
        for substitution in localization.substitutions.values.sorted(by: { $0.position < $1.position })
        where !referenced.contains(substitution.name) {
            problems.append(
                Problem(
                    rule: .brokenSubstitution,
                    message: "the substitution \"\(substitution.name)\" is never used: write %#@\(substitution.name)@ "
                        + "in the text or remove it",
                    position: substitution.position))
        }
    }

    /// The kind each argument must have (first use wins; conflicting uses are problems).
    var signature: [Int: FormatArgument.Kind] {
        var result: [Int: FormatArgument.Kind] = [:]
        for use in uses where result[use.argument] == nil { result[use.argument] = use.kind }
        return result
    }

    /// The first use of an argument, for messages.
    func firstUse(of argument: Int) -> Use? { uses.first(where: { $0.argument == argument }) }

    private mutating func scan(
        _ unit: StringUnit, in localization: CatalogLocalization,
        substitutionArgument: (argument: Int, conversion: FormatConversion)?, referenced: inout Set<String>
    ) {
        let format: FormatString
        do {
            format =
                percentIsText
                ? FormatString(
                    findingPlaceholdersIn: unit.value, allowsSubstitutionArgument: substitutionArgument != nil)
                : try FormatString(parsing: unit.value, allowsSubstitutionArgument: substitutionArgument != nil)
        } catch {
            problems.append(Problem(rule: .placeholderMismatch, message: error.description, position: unit.position))
            return
        }
        for placeholder in format.placeholders {
            record(placeholder.argument, placeholder.conversion.argumentKind, placeholder.text, unit.position)
        }
        if let substitutionArgument, format.usesSubstitutionArgument {
            record(substitutionArgument.argument, substitutionArgument.conversion.argumentKind, "%arg", unit.position)
        }
        for (name, position) in format.substitutions {
            let isNew = referenced.insert(name).inserted
            guard let substitution = localization.substitutions[name] else {
                problems.append(
                    Problem(
                        rule: .brokenSubstitution,
                        message: "%#@\(name)@ names a substitution that is not defined: add \"\(name)\" under "
                            + "\"substitutions\" or fix the name",
                        position: unit.position))
                continue
            }
            guard isNew else { continue }  // a name used twice is checked once
            scan(substitution, argument: substitution.argNum ?? position, in: localization, referenced: &referenced)
        }
    }

    private mutating func scan(
        _ substitution: CatalogSubstitution, argument: Int, in localization: CatalogLocalization,
        referenced: inout Set<String>
    ) {
        let name = substitution.name
        func broken(_ message: String) -> Problem {
            Problem(
                rule: .brokenSubstitution, message: "the substitution \"\(name)\" \(message)",
                position: substitution.position)
        }
        guard argument >= 1 else { return problems.append(broken("has argNum \(argument): arguments count from 1")) }
        guard let specifier = substitution.formatSpecifier else {
            return problems.append(broken("has no \"formatSpecifier\": add one such as \"lld\""))
        }
        guard let conversion = FormatConversion(specifier: specifier), conversion.argumentKind != .string else {
            return problems.append(broken("has formatSpecifier \"\(specifier)\": use a number format such as \"lld\""))
        }
        guard let plural = substitution.plural, !plural.cases.isEmpty else {
            return problems.append(broken("has no plural forms: add \"variations\" with \"plural\" forms"))
        }
        record(argument, conversion.argumentKind, "%#@\(name)@", substitution.position)
        for variation in plural.cases {
            for (_, unit) in variation.value.units {
                scan(unit, in: localization, substitutionArgument: (argument, conversion), referenced: &referenced)
            }
        }
    }

    private mutating func record(
        _ argument: Int, _ kind: FormatArgument.Kind, _ text: String, _ position: SourcePosition
    ) {
        if let earlier = firstUse(of: argument), earlier.kind != kind {
            problems.append(
                Problem(
                    rule: .placeholderMismatch,
                    message: "argument \(argument) is \(kind.phrase) in \(text) but \(earlier.kind.phrase) in "
                        + "\(earlier.text): one argument cannot be both",
                    position: position))
        }
        uses.append(Use(argument: argument, kind: kind, text: text, position: position))
    }
}
