import NarratorJSON
import NarratorLocalization
import NarratorWire

/// An object of an event map, read strictly (`StrictObject`); errors name the event being read.
typealias MapObject = StrictObject<EventMapEntry>

extension StrictObject where Entry == EventMapEntry {
    /// `what` names the expected object in the error: "the map", "a rule", "an argument".
    init(_ node: JSONNode, event: String?, what: String) throws(EventMapError) {
        try self.init(node, subject: event, what: what)
    }

    /// The event being read.
    var event: String? { subject }

    /// The member's value as a template, nil when absent.
    func template(_ name: String) throws(EventMapError) -> FieldTemplate? {
        guard let (text, position) = try string(name) else { return nil }
        do {
            return try FieldTemplate(text, at: position)
        } catch {
            var located = error
            located.subject = event
            throw located
        }
    }
}
