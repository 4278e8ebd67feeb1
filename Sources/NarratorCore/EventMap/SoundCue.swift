public import NarratorWire

/// A sound an event plays: its name in the profile's sound book (a `{field}` template already
/// filled in) and the event's fields, which the sound reads its `when` arguments from.
public struct SoundCue: Sendable, Hashable {
    public let name: String
    public let arguments: [String: JSONValue]

    public init(name: String, arguments: [String: JSONValue]) {
        self.name = name
        self.arguments = arguments
    }
}
