#if canImport(Glibc)
    import Glibc
#endif

/// Entries in the file system by path: folders made, modes set, entries removed, access asked,
/// links read. Each error names the call, the path and the system's reason.
public enum FileSystem {
    /// What `isAccessible` asks about (`access`'s mode).
    public enum Access: Sendable {
        case exists
        case readable
        case executable

        var mode: Int32 {
            switch self {
            case .exists: F_OK
            case .readable: R_OK
            case .executable: X_OK
            }
        }
    }

    /// Makes the folder `path` with `mode` (less the umask); fails with EEXIST when it is there.
    public static func makeDirectory(_ path: String, mode: UInt32) throws(SystemCallError) {
        guard mkdir(path, mode) == 0 else { throw SystemCallError(call: "mkdir", code: errno, subject: path) }
    }

    /// Sets the permission bits of `path` (`chmod`).
    public static func setPermissions(_ path: String, _ mode: UInt32) throws(SystemCallError) {
        guard chmod(path, mode) == 0 else { throw SystemCallError(call: "chmod", code: errno, subject: path) }
    }

    /// Removes the entry `path` (`unlink`: a file or a socket, not a folder).
    public static func remove(_ path: String) throws(SystemCallError) {
        guard unlink(path) == 0 else { throw SystemCallError(call: "unlink", code: errno, subject: path) }
    }

    /// Runs `body` with `mask` as this process's file creation mask (`umask`), then puts the old
    /// one back. The mask is the whole process's: no other thread should create files meanwhile.
    public static func withCreationMask<Result>(_ mask: UInt32, _ body: () async throws -> Result) async rethrows
        -> Result
    {
        let previous = umask(mask)
        defer { umask(previous) }
        return try await body()
    }

    /// Whether this process's user may reach `path` as `access` asks (`access`, by the real user).
    public static func isAccessible(_ path: String, _ access: Access) -> Bool {
        Glibc.access(path, access.mode) == 0
    }

    /// Where the symbolic link `path` leads (`readlink`), as written in the link; nil when it is not
    /// a link or cannot be read.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
