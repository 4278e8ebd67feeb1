/// An error reply: a stable machine code and a sentence for the person reading it.
public struct ProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable codes, every one of them: the daemon's own, and those of the event map's and the sound
    /// book's errors (NarratorCore's `EventError` and `SoundError` name theirs from here). Each has a
    /// row in docs/PROTOCOL.md's table of errors (a test holds the two to each other).
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
        /// A sound the profile's sound book does not have.
        case unknownSound = "unknown_sound"
        /// A sound that cannot be rendered at the output's rate (a tone at or above half of it).
        case sampleRate = "sample_rate"
        /// `hello` named a profile that is not installed, or that does not load.
        case profile = "profile"
        /// The request would take the client past a limit (docs/PROTOCOL.md, "Limits").
        case limit = "limit"
        /// `cancel`, `pause` or `resume` named a client by a number no client has now.
        case unknownClient = "unknown_client"
        /// `cancel` named by `id` an announcement that is not open (never was, or has ended), or one of
        /// another client without naming that client.
        case unknownAnnouncement = "unknown_announcement"
    }

    /// A `Code`'s raw value, kept as a string: a client may read a code from a newer daemon that this
    /// build does not know (`knownCode` is then nil).
    public let code: String
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code.rawValue
        self.message = message
    }

    /// For errors of other modules that carry their code (the event map's and the sound book's).
    public init(code: Code, message: String) {
        self.init(code, message)
    }

    /// An error reply as read from the wire, whatever its code.
    init(wireCode: String, message: String) {
        self.code = wireCode
        self.message = message
    }

    /// The code, when this build knows it.
    public var knownCode: Code? { Code(rawValue: code) }

    public var description: String { "\(code): \(message)" }
}
