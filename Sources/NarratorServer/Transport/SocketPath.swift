import NarratorClient

#if canImport(Glibc)
    import Glibc
#endif

/// Where the daemon listens, and the checks around it.
public enum SocketPath {
    /// Makes the socket's folder (mode 0700, ours) or checks it (`SocketFolder`), and clears a
    /// socket left by a dead daemon. Throws when a live daemon answers on `path`, or another user
    /// could replace the socket.
    public static func prepare(_ path: String) throws(ServerError) {
        guard path.utf8.count < 108 else {
            throw ServerError("The socket path \(path) is too long for a Unix socket (107 bytes at most).")
        }
        // The socket's folder: "/" for "/x.sock", the working folder for "x.sock".
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let folder = !parent.isEmpty ? parent : path.hasPrefix("/") ? "/" : "."
        try SocketFolder.prepare(folder)
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw ServerError("\(path) exists and is not a socket; remove it or choose another --socket.")
        }
        if answers(path) {
            throw ServerError("Another narrator is already running on \(path); stop it first, or use --socket.")
        }
        unlink(path)
    }

    /// Runs `bind` with a umask that creates the socket file as 0600, so there is no moment when
    /// it is open to others, then makes sure of the mode.
    public static func bindPrivately<Result>(_ path: String, _ bind: () async throws -> Result) async rethrows -> Result
    {
        let previous = umask(0o177)
        defer { umask(previous) }
        let result = try await bind()
        chmod(path, 0o600)
        return result
    }

    /// Whether something accepts connections on `path`.
    static func answers(_ path: String) -> Bool {
        (try? LineClient(path: path)) != nil
    }
}
