#if canImport(Glibc)
    import Glibc
#endif

/// Who this process is: its user, whom the daemon and its clients hold every peer to, and its id.
public enum ProcessIdentity {
    /// The real user id (`getuid`).
    public static var userID: UInt32 { getuid() }

    /// This process's id (`getpid`).
    public static var processID: Int32 { getpid() }
}
