import NarratorJSON

/// An outcome on the wire: its `name`, and its payload as the members `by`, `position` and `reason`,
/// written and read here for both a notification and a history entry.
extension Outcome {
    /// Adds the payload's member, if the outcome has one: `by` (an announcement's id, as a string),
    /// `position` or `reason`.
    func addPayload(to object: inout JSONObjectWriter) {
        switch self {
        case .interrupted(let by?), .superseded(let by): object.add("by", String(by.rawValue))
        case .suspended(let position), .resumed(let position): object.add("position", position)
        case .failed(let reason): object.add("reason", reason)
        case .queued, .started, .finished, .interrupted(nil), .expired, .dropped, .cancelled: break
        }
    }

    /// The outcome called `name`, its payload read from `object`; nil when `name` is no outcome.
    ///
    /// Lenient as a client must be: a missing `position` is the start (0), a missing `reason` is empty
    /// and an `interrupted` without `by` was stopped by the engine on its own. Only `superseded`
    /// cannot be read without the announcement that replaced it.
    static func read(name: String, from object: inout WireObject) throws(ProtocolError) -> Outcome? {
        switch name {
        case "queued": return .queued
        case "started": return .started
        case "suspended": return .suspended(position: try object.integer("position") ?? 0)
        case "resumed": return .resumed(position: try object.integer("position") ?? 0)
        case "finished": return .finished
        case "interrupted": return .interrupted(by: try announcement(&object, "by"))
        case "superseded":
            guard let by = try announcement(&object, "by") else {
                throw ProtocolError(.missingField, "a superseded announcement has no \"by\"")
            }
            return .superseded(by: by)
        case "expired": return .expired
        case "dropped": return .dropped
        case "cancelled": return .cancelled
        case "failed": return .failed(reason: try object.string("reason") ?? "")
        default: return nil
        }
    }

    /// An announcement's id written as a string of digits (`"4"`), as the daemon writes every id.
    private static func announcement(_ object: inout WireObject, _ key: String) throws(ProtocolError)
        -> AnnouncementID?
    {
        guard let text = try object.string(key) else { return nil }
        guard let raw = UInt64(text) else {
            throw ProtocolError(.invalidField, "\"\(key)\" must be an announcement's id, not \"\(text)\"")
        }
        return AnnouncementID(rawValue: raw)
    }
}
