public import NarratorLocalization
public import NarratorWire

/// Why an event could not be turned into speech. Each case has a stable machine `code` and a
/// `message` naming the event, the field and what was expected: both go into the daemon's error
/// reply as they are, so a game developer can fix the event without reading our source.
public enum EventError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No entry of the map has this event type.
    case unknownEvent(type: String)
    /// The event lacks a field the map uses; `expected` says what it should hold ("a whole number").
    case missingField(event: String, field: String, expected: String)
    /// A field is there but unusable; `problem` completes "the field ... of the event ..." .
    case invalidField(event: String, field: String, problem: String)
    /// The table's text does not fit the arguments the map built (the map and table disagree).
    case format(event: String, LocalizationError)

    /// `unknown_event`, `missing_field`, `invalid_field` or `format`.
    public var code: ProtocolError.Code {
        switch self {
        case .unknownEvent: .unknownEvent
        case .missingField: .missingField
        case .invalidField: .invalidField
        case .format: .format
        }
    }

    /// One sentence a person can act on.
    public var message: String {
        switch self {
        case .unknownEvent(let type):
            "the event map has no event \"\(type)\": check the event's type, or add it to the map (docs/EVENTS.md)"
        case .missingField(let event, let field, let expected):
            "the event \"\(event)\" needs the field \"\(field)\" (\(expected)): add it to the event"
        case .invalidField(let event, let field, let problem):
            "the field \"\(field)\" of the event \"\(event)\" \(problem)"
        case .format(let event, let error):
            "the text for the event \"\(event)\" cannot be built: \(error.description)"
        }
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
