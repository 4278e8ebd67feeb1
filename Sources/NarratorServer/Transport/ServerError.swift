/// Why the daemon cannot start or serve, with what to do about it.
public struct ServerError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
