import NarratorJSON

/// Renders one localization with its arguments: picks variation forms, fills substitutions and
/// placeholders, and collects the notices of any plural form that had to fall back to `other`.
struct LocalizationRenderer {
    let key: String
    let localization: CatalogLocalization
    let arguments: [FormatArgument]
    let rules: PluralRules
    let style: NumberStyle
    /// The key takes no arguments: its text is spoken as written, `%` and all.
    let asWritten: Bool
    private(set) var notices: [FallbackNotice] = []
    /// The plural category of each plural choice made, in the order made.
    private(set) var categories: [PluralCategory] = []

    /// Substitutions may nest; a cycle (`a` using `%#@b@`, `b` using `%#@a@`) stops here.
    private static let maximumDepth = 8

    init(key: String, localization: CatalogLocalization, arguments: [FormatArgument], asWritten: Bool = false) {
        self.key = key
        self.localization = localization
        self.arguments = arguments
        self.asWritten = asWritten
        self.rules = PluralRules(locale: localization.language)
        self.style = NumberStyle(locale: localization.language)
    }

    /// Checks the arguments against every argument the source text uses, in any form, so a wrong
    /// call fails the same way whichever plural form a number happens to select.
    func check(against source: LocalizationAnalysis) throws(FormatError) {
        let signature = source.signature
        for argument in signature.keys.sorted() {
            let placeholder = source.firstUse(of: argument)?.text ?? "%\(argument)$@"
            guard argument <= arguments.count else {
                throw .missingArgument(placeholder: placeholder, argument: argument, given: arguments.count)
            }
            let given = arguments[argument - 1]
            let expected = signature[argument]!
            guard given.kind == expected || (expected == .decimal && given.kind == .integer) else {
                throw .wrongArgumentType(placeholder: placeholder, argument: argument, given: given)
            }
        }
        let used = signature.keys.max() ?? 0
        if arguments.count > used { throw .unusedArguments(given: arguments.count, used: used) }
    }

    mutating func render() throws(FormatError) -> String {
        guard let value = localization.value else { throw .missingForms("has no text") }
        return try render(try resolve(value), substitutionArgument: nil, depth: 0)
    }

    private mutating func render(
        _ unit: StringUnit, substitutionArgument: (argument: Int, conversion: FormatConversion)?, depth: Int
    ) throws(FormatError) -> String {
        guard depth < Self.maximumDepth else { throw .missingForms("nests substitutions too deeply (a cycle?)") }
        if asWritten { return unit.value }
        let format = try FormatString(parsing: unit.value, allowsSubstitutionArgument: substitutionArgument != nil)
        return try format.render(arguments, style: style, substitutionArgument: substitutionArgument) {
            name, position throws(FormatError) in
            try substitute(name, position: position, depth: depth)
        }
    }

    private mutating func substitute(_ name: String, position: Int, depth: Int) throws(FormatError) -> String {
        guard let substitution = localization.substitutions[name] else { throw .unknownSubstitution(name: name) }
        let argument = substitution.argNum ?? position
        guard let specifier = substitution.formatSpecifier, let conversion = FormatConversion(specifier: specifier)
        else { throw .brokenSubstitution(name: name, reason: "has no usable formatSpecifier (such as \"lld\")") }
        guard let forms = substitution.plural else {
            throw .brokenSubstitution(name: name, reason: "has no plural forms")
        }
        let unit = try resolve(.plural(forms), selector: (argument, conversion))
        return try render(unit, substitutionArgument: (argument, conversion), depth: depth + 1)
    }

    /// The string unit a value leads to for these arguments.
    private mutating func resolve(
        _ value: CatalogValue, selector: (argument: Int, conversion: FormatConversion)? = nil
    ) throws(FormatError) -> StringUnit {
        switch value {
        case .unit(let unit):
            return unit
        case .device(let variations):
            // A terminal is no Apple device: `other` is the generic text.
            guard let form = variations.value("other") ?? variations.cases.first?.value else {
                throw .missingForms("has device variations without any form")
            }
            return try resolve(form)
        case .plural(let variations):
            guard let (argument, conversion) = selector ?? pluralSelector(variations) else {
                throw .missingForms("varies by plural but no number argument chooses the form")
            }
            let placeholder = "%\(argument)$" + (conversion.argumentKind == .decimal ? "f" : "lld")
            let written = try FormatString.format(
                placeholder, argument: argument, conversion: conversion, arguments: arguments, style: style)
            guard let operands = written.operands else {
                throw .wrongArgumentType(placeholder: placeholder, argument: argument, given: arguments[argument - 1])
            }
            let category = rules.category(for: operands)
            categories.append(category)
            if let form = variations.value(category) { return try resolve(form) }
            guard let other = variations.value(.other) else {
                throw .missingForms("has no '\(category.rawValue)' or 'other' plural form")
            }
            notices.append(.pluralForm(key: key, locale: localization.language, category: category))
            return try resolve(other)
        }
    }

    /// A top-level plural variation is chosen by the first number placeholder in its forms, or
    /// when the forms show no number, by the first number among the arguments.
    private func pluralSelector(_ variations: CatalogVariations) -> (argument: Int, conversion: FormatConversion)? {
        let placeholders = variations.cases.flatMap { variation in
            variation.value.units.flatMap { (try? FormatString(parsing: $0.unit.value).placeholders) ?? [] }
        }
        if let first = placeholders.filter({ $0.conversion.argumentKind != .string }).min(by: {
            $0.argument < $1.argument
        }) {
            return (first.argument, first.conversion)
        }
        for (offset, argument) in arguments.enumerated() {
            switch argument {
            case .integer: return (offset + 1, .integer)
            case .decimal(let value):
                let digits = String(value).split(separator: ".").dropFirst().first?.count ?? 0
                return (offset + 1, .decimal(fractionDigits: digits))
            case .string: continue
            }
        }
        return nil
    }
}
