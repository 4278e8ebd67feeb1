extension FormatString {
    /// Reads a format string into segments, one `%` sequence at a time.
    struct Parser {
        let scalars: [Unicode.Scalar]
        let allowsArg: Bool
        /// A `%` that starts no known placeholder is text rather than an error.
        let percentMayBeText: Bool
        var index = 0
        var nextSequential = 1
        var segments: [FormatSegment] = []
        var literal = String.UnicodeScalarView()

        init(scalars: [Unicode.Scalar], allowsArg: Bool, percentMayBeText: Bool = false) {
            self.scalars = scalars
            self.allowsArg = allowsArg
            self.percentMayBeText = percentMayBeText
        }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func flush() {
            if !literal.isEmpty { segments.append(.literal(String(literal))) }
            literal = String.UnicodeScalarView()
        }

        mutating func parse() throws(FormatError) -> [FormatSegment] {
            while let scalar = peek() {
                if scalar == "%" {
                    let start = index
                    do {
                        try parsePercent()
                    } catch  where percentMayBeText {
                        index = start + 1
                        literal.append("%")
                    }
                } else if scalar == "^", peek(1) == "[", try parseSpokenNumber() {
                    continue
                } else {
                    literal.append(scalar)
                    index += 1
                }
            }
            flush()
            return segments
        }

        /// Reads digits at the cursor; nil when there are none.
        mutating func digits() -> Int? {
            var value = 0
            var count = 0
            while let scalar = peek(), ("0"..."9").contains(scalar) {
                value = value * 10 + Int(scalar.value - 48)
                count += 1
                index += 1
                if count > 4 { return nil }  // no sensible argument number or precision is this long
            }
            return count == 0 ? nil : value
        }

        mutating func parsePercent() throws(FormatError) {
            let start = index
            index += 1
            if peek() == "%" {
                literal.append("%")
                index += 1
                return
            }
            if allowsArg, peek() == "a", peek(1) == "r", peek(2) == "g" {
                index += 3
                flush()
                segments.append(.substitutionArgument)
                return
            }
            var position: Int?
            let digitsStart = index
            if let number = digits(), peek() == "$", number > 0 {
                position = number
                index += 1
            } else {
                index = digitsStart
            }
            if peek() == "#", peek(1) == "@" {
                index += 2
                try parseSubstitution(start: start, position: position)
                return
            }
            guard let conversion = parseConversion() else {
                let end = min(index + 1, scalars.count)
                throw .unsupportedPlaceholder(
                    text: String(String.UnicodeScalarView(scalars[start..<end])), offset: start)
            }
            let argument = position ?? nextSequential
            if position == nil { nextSequential += 1 }
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            flush()
            segments.append(
                .placeholder(
                    FormatPlaceholder(
                        text: text, argument: argument, isPositional: position != nil, conversion: conversion)
                ))
        }

        /// `^[%arg](spellout: "name")` at the cursor: true when read; false (cursor unmoved) when the
        /// text is not exactly that shape, so it stays literal text (which lint reports as markup).
        mutating func parseSpokenNumber() throws(FormatError) -> Bool {
            let start = index
            let savedSequential = nextSequential
            flush()
            let savedCount = segments.count
            func restore() -> Bool {
                index = start
                nextSequential = savedSequential
                segments.removeSubrange(savedCount...)
                return false
            }
            index += 2
            guard peek() == "%" else { return restore() }
            do {
                try parsePercent()
            } catch  where percentMayBeText {
                return restore()
            }
            guard segments.count == savedCount + 1, peek() == "]", peek(1) == "(" else { return restore() }
            let inner: FormatPlaceholder?
            switch segments[savedCount] {
            case .placeholder(let placeholder): inner = placeholder
            case .substitutionArgument: inner = nil
            default: return restore()
            }
            index += 2
            guard let close = scalars[index...].firstIndex(of: ")") else { return restore() }
            let attribute = String(String.UnicodeScalarView(scalars[index..<close]))
            guard let ruleSet = Self.spelloutValue(attribute) else { return restore() }
            index = close + 1
            segments[savedCount] = .spokenNumber(
                SpokenNumber(
                    placeholder: inner, ruleSet: ruleSet,
                    text: String(String.UnicodeScalarView(scalars[start..<index]))))
            return true
        }

        /// `spellout: "cardinal-feminine"` -> `cardinal-feminine`; nil for any other attribute.
        static func spelloutValue(_ attribute: String) -> String? {
            let parts = attribute.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters() == "spellout" else { return nil }
            let value = parts[1].trimmingCharacters()
            guard value.count >= 3, value.first == "\"", value.last == "\"" else { return nil }
            let name = String(value.dropFirst().dropLast())
            return name.isEmpty || name.contains("\"") ? nil : name
        }

        mutating func parseSubstitution(start: Int, position: Int?) throws(FormatError) {
            var name = String.UnicodeScalarView()
            while let scalar = peek(), scalar != "@" {
                guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" else {
                    throw .unterminatedSubstitution(offset: start)
                }
                name.append(scalar)
                index += 1
            }
            guard peek() == "@", !name.isEmpty else { throw .unterminatedSubstitution(offset: start) }
            index += 1
            let argument = position ?? nextSequential
            if position == nil { nextSequential += 1 }
            flush()
            segments.append(.substitution(name: String(name), argument: argument))
        }

        /// `.N` precision, length modifiers and the conversion letter; nil when unsupported.
        mutating func parseConversion() -> FormatConversion? {
            var precision: Int?
            if peek() == "." {
                index += 1
                guard let value = digits(), value <= 15 else { return nil }
                precision = value
            }
            var lengthModifiers = 0
            while peek() == "l", lengthModifiers < 2 {
                index += 1
                lengthModifiers += 1
            }
            guard let letter = peek() else { return nil }
            index += 1
            switch (letter, precision, lengthModifiers) {
            case ("d", nil, _), ("i", nil, _): return .integer
            case ("u", nil, _): return .unsigned
            case ("f", _, 0...1), ("F", _, 0...1): return .decimal(fractionDigits: precision ?? 6)
            case ("@", nil, 0): return .string
            default: return nil
            }
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String { String(self).trimmingWhitespace() }
}
