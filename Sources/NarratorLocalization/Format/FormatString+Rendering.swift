public import NarratorJSON

extension FormatString {
    /// Renders a string that has no substitutions, checking every argument against its placeholder.
    public func render(_ arguments: [FormatArgument], style: NumberStyle) throws(FormatError) -> String {
        try render(arguments, style: style, substitutionArgument: nil) { name, _ throws(FormatError) in
            throw .unknownSubstitution(name: name)
        }
    }

    /// Renders the string; `substitute` renders `%#@name@` given the argument its position gives it,
    /// and `substitutionArgument` is what `%arg` stands for inside a substitution's form.
    func render(
        _ arguments: [FormatArgument], style: NumberStyle,
        substitutionArgument: (argument: Int, conversion: FormatConversion)?,
        substitute: (String, Int) throws(FormatError) -> String
    ) throws(FormatError) -> String {
        var output = ""
        for segment in segments {
            switch segment {
            case .literal(let text):
                output += text
            case .placeholder(let placeholder):
                output += try Self.format(
                    placeholder.text, argument: placeholder.argument, conversion: placeholder.conversion,
                    arguments: arguments, style: style
                ).text
            case .substitution(let name, let argument):
                output += try substitute(name, argument)
            case .substitutionArgument:
                guard let substitutionArgument else { throw .argOutsideSubstitution }
                output += try Self.format(
                    "%arg", argument: substitutionArgument.argument, conversion: substitutionArgument.conversion,
                    arguments: arguments, style: style
                ).text
            case .spokenNumber(let spoken):
                let source: (argument: Int, conversion: FormatConversion)
                if let placeholder = spoken.placeholder {
                    source = (placeholder.argument, placeholder.conversion)
                } else {
                    guard let substitutionArgument else { throw .argOutsideSubstitution }
                    source = substitutionArgument
                }
                output += try Self.words(spoken, source: source, arguments: arguments, style: style)
            }
        }
        return output
    }

    /// One argument formatted for one conversion, with the plural operands of the written number
    /// (nil for text). An integer is accepted where a decimal is expected, never the reverse.
    static func format(
        _ placeholder: String, argument: Int, conversion: FormatConversion, arguments: [FormatArgument],
        style: NumberStyle
    ) throws(FormatError) -> (text: String, operands: PluralOperands?) {
        guard argument >= 1, argument <= arguments.count else {
            throw .missingArgument(placeholder: placeholder, argument: argument, given: arguments.count)
        }
        let given = arguments[argument - 1]
        switch (conversion, given) {
        case (.integer, .integer(let value)):
            return (style.integer(value), PluralOperands(value))
        case (.unsigned, .integer(let value)):
            guard value >= 0 else {
                throw .negativeUnsigned(placeholder: placeholder, argument: argument, value: value)
            }
            return (style.integer(value), PluralOperands(value))
        case (.decimal(let digits), .integer(let value)):
            let written = style.decimal(Double(value), fractionDigits: digits)
            return (written.text, written.operands)
        case (.decimal(let digits), .decimal(let value)):
            let written = style.decimal(value, fractionDigits: digits)
            return (written.text, written.operands)
        case (.string, .string(let text)):
            return (text, nil)
        default:
            throw .wrongArgumentType(placeholder: placeholder, argument: argument, given: given)
        }
    }

    /// A whole-number argument in the words of the marked rule set.
    static func words(
        _ spoken: SpokenNumber, source: (argument: Int, conversion: FormatConversion), arguments: [FormatArgument],
        style: NumberStyle
    ) throws(FormatError) -> String {
        guard source.conversion == .integer || source.conversion == .unsigned else {
            throw .spokenNumber(text: spoken.text, reason: "only whole numbers (%lld, %d) can be spoken as words")
        }
        // Checks the argument exactly as a plain placeholder would (count, type, sign).
        _ = try format(
            spoken.text, argument: source.argument, conversion: source.conversion, arguments: arguments, style: style)
        guard case .integer(let value) = arguments[source.argument - 1] else {
            throw .wrongArgumentType(
                placeholder: spoken.text, argument: source.argument, given: arguments[source.argument - 1])
        }
        do {
            return try style.words(value, ruleSet: spoken.ruleSet)
        } catch {
            throw .spokenNumber(text: spoken.text, reason: error.description)
        }
    }
}
