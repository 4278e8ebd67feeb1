import NarratorClient

#if canImport(Glibc)
    import Glibc
#endif

/// Where the daemon listens, and the checks around it.
public enum SocketPath {
    /// Makes the socket's folder (mode 0700, ours), and clears a socket left by a dead daemon.
    /// Throws when a live daemon answers on `path`, or the folder belongs to someone else.
    public static func prepare(_ path: String) throws(ServerError) {
        guard path.utf8.count < 108 else {
            throw ServerError("The socket path \(path) is too long for a Unix socket (107 bytes at most).")
        }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !folder.isEmpty { try makePrivateFolder(folder) }
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

    /// Makes the folder (and missing parents) with mode 0700. A folder that already exists is
    /// never changed: `--socket /tmp/x.sock` must not touch /tmp. It must belong to this user
    /// (root's folders are fine for root), and the socket itself is created 0600.
    private static func makePrivateFolder(_ folder: String) throws(ServerError) {
        var partial = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST {
                throw ServerError("Cannot create the socket folder \(partial): \(String(cString: strerror(errno))).")
            }
        }
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw ServerError("\(folder) is not a folder; choose another --socket.")
        }
        guard info.st_uid == getuid() else {
            throw ServerError("\(folder) belongs to another user; refusing to listen there. Choose another --socket.")
        }
    }

    /// Whether something accepts connections on `path`.
    static func answers(_ path: String) -> Bool {
        (try? LineClient(path: path)) != nil
    }
}
