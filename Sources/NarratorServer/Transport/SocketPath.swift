import NarratorSystem

/// Where the daemon listens, and the checks around it.
public enum SocketPath {
    /// Makes the socket's folder (mode 0700, ours) or checks it (`SocketFolder`), and clears a
    /// socket left by a dead daemon. Throws when the path is too long, a live daemon answers on it,
    /// or another user could replace the socket. `option` is the one that chooses the path, and
    /// `live` says what answers there (given its pid) when it is a process of this user.
    public static func prepare(
        _ path: String, option: String = "--socket",
        live: ((Int32) -> ServerError)? = nil
    ) throws(ServerError) {
        if let problem = DaemonSocket.problem(with: path) { throw ServerError(problem) }
        // The socket's folder: "/" for "/x.sock", the working folder for "x.sock".
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let folder = !parent.isEmpty ? parent : path.hasPrefix("/") ? "/" : "."
        try SocketFolder.prepare(folder)
        guard let info = try? FileStatus.of(path, followingLinks: false) else { return }
        guard info.kind == .socket else {
            throw ServerError("\(path) exists and is not a socket; remove it or choose another \(option).")
        }
        switch listener(on: path) {
        case .none:
            try? FileSystem.remove(path)
        case .ours(let pid):
            if let live { throw live(pid) }
            throw ServerError("Another narrator is already running on \(path); stop it first, or use \(option).")
        case .otherUser(let uid):
            throw ServerError(
                "A process of another user (uid \(uid)) listens on \(path); refusing to replace it. Choose another "
                    + "\(option).")
        }
    }

    /// Who accepts connections on a socket file.
    private enum Listener {
        /// Nothing: the socket was left by a daemon that died.
        case none
        case ours(pid: Int32)
        case otherUser(UInt32)
    }

    /// Connects and asks the kernel who accepted (a plain connect: nothing is written). A peer the
    /// kernel cannot name counts as none, as a connection that fails does.
    private static func listener(on path: String) -> Listener {
        guard let descriptor = try? UnixStreamConnection.open(path: path) else { return .none }
        defer { FileDescriptor.close(descriptor) }
        guard let peer = SocketPeer.of(descriptor: descriptor) else { return .none }
        return peer.uid == ProcessIdentity.userID ? .ours(pid: peer.pid) : .otherUser(peer.uid)
    }

    /// Runs `bind` with a umask that creates the socket file as 0600, so there is no moment when
    /// it is open to others, then makes sure of the mode.
    public static func bindPrivately<Result>(_ path: String, _ bind: () async throws -> Result) async rethrows -> Result
    {
        try await FileSystem.withCreationMask(0o177) {
            let result = try await bind()
            try? FileSystem.setPermissions(path, 0o600)
            return result
        }
    }
}
