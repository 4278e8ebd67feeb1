/// Identifies one announcement for its whole life, from `queued` to its terminal outcome.
///
/// The daemon mints these from a counter: the scheduler requires that an id is never reused, because
/// every report and every engine reply is matched by id alone.
public struct AnnouncementID: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    public var rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public init(integerLiteral value: UInt64) { self.rawValue = value }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// Identifies the connected client (a game, or `narrator send`) that submitted an announcement.
///
/// Superseding keys, pause and cancel-by-client are confined to one client, so two games connected at
/// once never replace or silence each other's speech.
public struct ClientID: RawRepresentable, Sendable, Hashable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public init(integerLiteral value: UInt64) { self.rawValue = value }

    public var description: String { "client \(rawValue)" }
}
