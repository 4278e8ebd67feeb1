/// An error reply: a stable machine code and a sentence for the person reading it.
public struct ProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable codes, documented in docs/PROTOCOL.md.
    public enum Code: String, Sendable, CaseIterable {
        case invalidJSON = "invalid_json"
        case invalidUTF8 = "invalid_utf8"
        case lineTooLong = "line_too_long"
        case notAnObject = "not_an_object"
        case missingField = "missing_field"
        case invalidField = "invalid_field"
        case unknownField = "unknown_field"
        case unsupportedProtocol = "unsupported_protocol"
        case unknownEvent = "unknown_event"
        case format = "format"
        case speech = "speech"
        /// `say` with `"ssml":true` whose text is not an SSML document espeak-ng can speak.
        case ssml = "ssml"
        /// `repeat` found nothing that started speaking.
        case nothingToRepeat = "nothing_to_repeat"
        case notAllowed = "not_allowed"
        /// The sound cannot be played now: too many at once, or sound is closed.
        case sound = "sound"
        /// `hello` named a profile that is not installed, or that does not load.
        case profile = "profile"
        /// The request would take the client past a limit (docs/PROTOCOL.md, "Limits").
        case limit = "limit"
    }

    public let code: String
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code.rawValue
        self.message = message
    }

    /// For codes that come from another module (the event map's errors).
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
