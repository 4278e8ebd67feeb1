import NarratorJSON
import NarratorLocalization
import NarratorWire

/// One argument of a spoken key, as the map builds it from the event.
struct EventArgument: Sendable, Hashable {
    enum Source: Sendable, Hashable {
        /// `"lives"`: the event's field, converted to the kind the key's placeholder takes.
        case field(String)
        /// `{"field": "lane", "add": 1}`: an integer field plus a constant (0-based lane to 1-based).
        case offset(field: String, add: Int)
        /// `{"value": 3}`: a literal.
        case value(FormatArgument)
        /// `{"localized": "difficulty_{difficulty}"}`: another key, rendered in the same locale.
        case localized(FieldTemplate)
    }

    let source: Source
    /// Where the argument is written in the map, for lint.
    let position: SourcePosition

    /// The kind this argument is known to have without an event; nil for a plain field, whose
    /// kind is whatever the event sends.
    var staticKind: FormatArgument.Kind? {
        switch source {
        case .field: nil
        case .offset: .integer
        case .value(let literal): literal.kind
        case .localized: .string
        }
    }
}

extension FormatArgument.Kind {
    /// Whether an argument of this kind fits a placeholder of kind `placeholder`: an integer
    /// also fits a decimal placeholder, as the formatter accepts it.
    func fits(_ placeholder: FormatArgument.Kind) -> Bool {
        self == placeholder || (self == .integer && placeholder == .decimal)
    }
}
