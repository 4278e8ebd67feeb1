/// A dotted hierarchical name such as `help.section.3`, used to cancel a family of announcements at once.
///
/// A scope contains itself and every scope below it: `help` contains `help` and `help.section.3`, but not
/// `helpful` (the match stops at a dot, not in the middle of a component).
public struct Scope: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    /// Whether `other` is this scope or lies below it.
    public func contains(_ other: Scope) -> Bool {
        let parent = rawValue.utf8
        let child = other.rawValue.utf8
        guard child.starts(with: parent) else { return false }
        if child.count == parent.count { return true }
        // Only a whole component matches: the next byte of the child must be the separator.
        return child[child.index(child.startIndex, offsetBy: parent.count)] == UInt8(ascii: ".")
    }
}
