public import NarratorJSON

/// One event a game sent: its type (`collision`) and its other fields (`"lives": 2`), as parsed
/// JSON so the event map can check each field's type against the key it fills.
public struct GameEvent: Sendable {
    public var type: String
    public var fields: [String: JSONValue]

    public init(type: String, fields: [String: JSONValue] = [:]) {
        self.type = type
        self.fields = fields
    }
}
