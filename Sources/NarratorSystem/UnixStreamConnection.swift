#if canImport(Glibc)
    import Glibc
#endif

/// Opening a connection to a Unix stream socket by its path: a client's way to the daemon, and the
/// daemon's way to ask whether a socket file left on disk still has a process listening on it.
public enum UnixStreamConnection {
    /// Why no connection was made; each case keeps the `errno` of the call that failed.
    public enum Failure: Error, Sendable, Equatable {
        /// The path cannot be a Unix socket address (too long for `sockaddr_un`).
        case badAddress
        /// socket(2) (or socketpair(2)) failed.
        case socket(errno: Int32)
        /// connect(2) failed: nothing listens on the path, or it cannot be reached.
        case connect(errno: Int32)

        /// The system's sentence for the error (`strerror`), or what is wrong with the path.
        public var reason: String {
            switch self {
            case .badAddress: "not a Unix socket address"
            case .socket(let code), .connect(let code): String(cString: strerror(code))
            }
        }
    }

    /// A connected, close-on-exec descriptor to the socket at `path`; the caller closes it.
    public static func open(path: String) throws(Failure) -> Int32 {
        guard let address = UnixSocketAddress(path: path) else { throw .badAddress }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .socket(errno: errno) }
        guard address.withSockaddr({ connect(descriptor, $0, $1) }) == 0 else {
            let code = errno
            close(descriptor)
            throw .connect(errno: code)
        }
        return descriptor
    }

    /// Two connected, close-on-exec ends of a new Unix stream socket pair (`socketpair`): one for
    /// this process, one to hand to a child. The caller closes both.
    public static func pair() throws(Failure) -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .socket(errno: errno)
        }
        return (ends[0], ends[1])
    }
}
