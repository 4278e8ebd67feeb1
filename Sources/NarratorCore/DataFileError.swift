public import NarratorJSON

/// What a data file is made of, for its errors: the noun of its entries ("event", "sound").
public protocol DataFileEntry: Sendable, Hashable {
    static var noun: String { get }
}

/// Why a data file (an event map, a sound book) could not be loaded: where in the file (line and
/// column, independent of the file's path, which the caller knows) and what to change.
public struct DataFileError<Entry: DataFileEntry>: Error, Sendable, Hashable, CustomStringConvertible {
    /// `syntax`: the file is not JSON at all. `invalid`: JSON, but not a valid file of its kind.
    public enum Kind: Sendable, Hashable {
        case syntax, invalid
    }

    public var kind: Kind
    public var position: SourcePosition
    /// The entry the problem is in (the event, the sound), when it is in one.
    public var subject: String?
    /// What is wrong and how to fix it.
    public var reason: String

    public init(_ kind: Kind, at position: SourcePosition, subject: String?, _ reason: String) {
        self.kind = kind
        self.position = position
        self.subject = subject
        self.reason = reason
    }

    /// "line 4, column 7: event "collision": ..." .
    public var description: String {
        "\(position): " + (subject.map { "\(Entry.noun) \"\($0)\": " } ?? "") + reason
    }
}
