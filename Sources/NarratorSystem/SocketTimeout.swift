#if canImport(Glibc)
    import Glibc
#endif

/// How long a blocking read or write on a socket may wait (`SO_RCVTIMEO`, `SO_SNDTIMEO`): past it the
/// call fails with EAGAIN instead of waiting on a peer that says nothing or takes nothing.
public enum SocketTimeout {
    public enum Direction: Sendable {
        /// Reads (`SO_RCVTIMEO`).
        case receive
        /// Writes (`SO_SNDTIMEO`).
        case send
    }

    /// Sets the limit of `direction` on `descriptor`, to the microsecond; nil waits forever.
    public static func set(_ descriptor: Int32, _ direction: Direction, _ timeout: Duration?) {
        let (seconds, attoseconds) = (timeout ?? .zero).components
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        let option = direction == .receive ? SO_RCVTIMEO : SO_SNDTIMEO
        setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }
}
