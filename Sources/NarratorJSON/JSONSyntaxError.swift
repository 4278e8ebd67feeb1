/// Text that is not valid JSON, with the place where reading stopped.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var position: SourcePosition
    /// What was wrong, e.g. "expected ',' or '}' after an object member".
    public var reason: String

    public init(position: SourcePosition, reason: String) {
        self.position = position
        self.reason = reason
    }

    public var description: String { "invalid JSON at \(position): \(reason)" }
}
