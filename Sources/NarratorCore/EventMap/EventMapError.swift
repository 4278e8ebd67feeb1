public import NarratorWire

/// Why an event map could not be loaded: where in the file (line and column, independent of the
/// file's path, which the caller knows) and what to change.
public struct EventMapError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `syntax`: the file is not JSON at all. `invalid`: JSON, but not a valid map.
    public enum Kind: Sendable, Hashable {
        case syntax, invalid
    }

    public var kind: Kind
    public var position: SourcePosition
    /// The entry the problem is in, when it is in one.
    public var event: String?
    /// What is wrong and how to fix it.
    public var reason: String

    public init(_ kind: Kind = .invalid, at position: SourcePosition, event: String? = nil, _ reason: String) {
        self.kind = kind
        self.position = position
        self.event = event
        self.reason = reason
    }

    /// "line 4, column 7: event "collision": ..." .
    public var description: String {
        "\(position): " + (event.map { "event \"\($0)\": " } ?? "") + reason
    }
}
