#if canImport(Glibc)
    import Glibc
#endif

/// A system call failed: which one, on what, and the `errno` it left, so a message can name the call
/// and the system's reason, and a caller can act on the code (EINTR, EEXIST, EAGAIN).
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The C function that failed (`lstat`, `poll`).
    public let call: String
    /// The `errno` it left.
    public let code: Int32
    /// What it was called on, when that helps a reader (a path); nil otherwise.
    public let subject: String?

    public init(call: String, code: Int32, subject: String? = nil) {
        self.call = call
        self.code = code
        self.subject = subject
    }

    /// The system's sentence for the code (`strerror`).
    public var reason: String { String(cString: strerror(code)) }

    /// A signal interrupted the call (EINTR): it can be made again.
    public var interrupted: Bool { code == EINTR }

    public var description: String {
        "\(call)(\(subject ?? "")) failed: \(reason)"
    }
}
