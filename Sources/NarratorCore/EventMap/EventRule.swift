import NarratorJSON
import NarratorLocalization
import NarratorWire

/// One rule of an entry: an optional condition and what to do when it holds.
struct EventRule: Sendable {
    /// `"if": {"field": value, ...}`: every field must be present and equal (numbers by value).
    struct Condition: Sendable {
        var field: String
        var value: JSONValue
    }

    enum Action: Sendable {
        case speak(SpeakRule)
        case silent
        /// Play the sound named by the template, with the event's fields as its arguments.
        case play(FieldTemplate)
        /// Cancel the client's speech in this scope, or all of it (nil).
        case cancel(FieldTemplate?)
    }

    var conditions: [Condition]
    var action: Action

    func matches(_ event: GameEvent) -> Bool {
        conditions.allSatisfy { condition in
            event.fields[condition.field].map { JSONNumber.equal($0, condition.value) } ?? false
        }
    }
}

/// A rule that speaks a key: its arguments, priority and policy.
struct SpeakRule: Sendable {
    var key: FieldTemplate
    var arguments: [EventArgument]
    var priority: Priority
    var supersedes: FieldTemplate?
    var expiresMilliseconds: Int?
    var resume: Bool
    var scope: FieldTemplate?
    /// A sound played with the speech.
    var sound: FieldTemplate?
    /// The sound plays once the speech has been heard to its end, not with its start (`sound_after`).
    var soundAfter = false
}
