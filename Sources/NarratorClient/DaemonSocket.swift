#if canImport(Glibc)
    import Glibc
#endif

/// Where the narrator daemon listens by default; the daemon and every client agree through this.
public enum DaemonSocket {
    /// `$XDG_RUNTIME_DIR/narrator/narrator.sock`, or `/tmp/narrator-$UID/narrator.sock` without it.
    public static func defaultPath(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/narrator/narrator.sock"
        }
        return "/tmp/narrator-\(getuid())/narrator.sock"
    }
}
