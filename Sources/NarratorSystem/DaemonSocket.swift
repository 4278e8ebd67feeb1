#if canImport(Glibc)
    import Glibc
#endif

/// Where the narrator daemon listens by default, and the rules every socket path follows; the daemon
/// and every client agree through this.
public enum DaemonSocket {
    /// `$XDG_RUNTIME_DIR/narrator/narrator.sock`, or `/tmp/narrator-$UID/narrator.sock` without it.
    public static func defaultPath(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/narrator/narrator.sock"
        }
        return "/tmp/narrator-\(getuid())/narrator.sock"
    }

    /// The longest socket path, in bytes of UTF-8. Linux takes 107, but the daemon listens through
    /// SwiftNIO, which takes at most 103 (the room in a `sockaddr_un` on the BSDs and macOS, less its
    /// NUL); the clients hold to the same number, so a path works for both or for neither.
    public static let maximumPathBytes = 103

    /// Why `path` cannot be a socket path, as the sentence the daemon and every client print; nil
    /// when it can.
    public static func problem(with path: String) -> String? {
        let length = path.utf8.count
        guard length > maximumPathBytes else { return nil }
        return "The socket path \(path) is too long: \(length) bytes, and a Unix socket path may have at most "
            + "\(maximumPathBytes). Choose a shorter path."
    }
}
