#if canImport(Glibc)
    import Glibc
#endif

/// The process on the other end of a connected Unix socket, as the kernel reports it
/// (`SO_PEERCRED`): for the daemon, the client that connected; for a client, the process that
/// listened on the socket (the daemon, or systemd when it made the socket for the daemon).
///
/// Laid out as Linux's `struct ucred` (pid, uid, gid), which Glibc's module map hides (it needs
/// _GNU_SOURCE), so it can be read with `getsockopt` directly.
public struct SocketPeer: Sendable, Hashable {
    public var pid: Int32 = 0
    public var uid: UInt32 = 0
    public var gid: UInt32 = 0

    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    /// The peer of the connected Unix socket `descriptor`; nil when the kernel cannot say (not a
    /// Unix socket, or not connected).
    public static func of(descriptor: Int32) -> SocketPeer? {
        var peer = SocketPeer(pid: 0, uid: 0, gid: 0)
        var length = socklen_t(MemoryLayout<SocketPeer>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &peer, &length) == 0,
            length == MemoryLayout<SocketPeer>.size
        else { return nil }
        return peer
    }
}
