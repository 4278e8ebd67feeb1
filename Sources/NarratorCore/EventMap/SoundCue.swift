public import NarratorJSON

/// A sound an event plays: its name in the profile's sound book (a `{field}` template already
/// filled in) and the event's fields, which the sound reads its `when` arguments from.
public struct SoundCue: Sendable, Hashable {
    public let name: String
    public let arguments: [String: JSONValue]
    /// A speak rule's sound that plays once its speech has been heard to its end (`sound_after`),
    /// not with its start; never when the speech does not finish (docs/EVENTS.md).
    public let afterSpeech: Bool

    public init(name: String, arguments: [String: JSONValue], afterSpeech: Bool = false) {
        self.name = name
        self.arguments = arguments
        self.afterSpeech = afterSpeech
    }
}
