/// A typed argument for a placeholder: an integer (`%lld`), a decimal (`%.1f`) or text (`%@`).
///
/// Literals work directly: `[3, 1.5, "Rapid"]`.
public enum FormatArgument: Sendable, Hashable, CustomStringConvertible {
    case integer(Int)
    case decimal(Double)
    case string(String)

    /// The kinds of value a placeholder can take.
    public enum Kind: String, Sendable, Hashable {
        case integer, decimal, string

        /// "a whole number", "a decimal number", "text": for messages.
        public var phrase: String {
            switch self {
            case .integer: "a whole number"
            case .decimal: "a decimal number"
            case .string: "text"
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .integer: .integer
        case .decimal: .decimal
        case .string: .string
        }
    }

    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .decimal(let value): String(value)
        case .string(let value): "\"\(value)\""
        }
    }
}

extension FormatArgument: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .decimal(value) }
    public init(stringLiteral value: String) { self = .string(value) }
}
