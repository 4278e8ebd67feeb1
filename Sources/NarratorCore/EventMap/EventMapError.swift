public import NarratorJSON

/// An event map's entries, for its errors.
public enum EventMapEntry: DataFileEntry {
    public static let noun = "event"
}

/// Why an event map could not be loaded; `event` is the entry the problem is in.
public typealias EventMapError = DataFileError<EventMapEntry>

extension DataFileError where Entry == EventMapEntry {
    public init(_ kind: Kind = .invalid, at position: SourcePosition, event: String? = nil, _ reason: String) {
        self.init(kind, at: position, subject: event, reason)
    }

    /// The event the problem is in, when it is in one.
    public var event: String? { subject }
}
