#if canImport(Glibc)
    import Glibc
#endif

/// What the file system says of an entry (`stat`, `lstat`): its kind, its permission bits and its
/// owner, which the daemon's socket checks and `narrator doctor` hold to their rules.
public struct FileStatus: Sendable, Equatable {
    /// The kind of entry.
    public enum Kind: Sendable, Equatable {
        case regular
        case directory
        case symbolicLink
        case socket
        case other
    }

    public var kind: Kind
    /// The permission bits, with set-user-id, set-group-id and sticky (`st_mode & 0o7777`).
    public var permissions: UInt32
    /// The owner's user id.
    public var owner: UInt32

    public init(kind: Kind, permissions: UInt32, owner: UInt32) {
        self.kind = kind
        self.permissions = permissions
        self.owner = owner
    }

    /// The entry at `path`: with `followingLinks` what a symbolic link leads to (`stat`), else the
    /// link itself (`lstat`).
    public static func of(_ path: String, followingLinks: Bool) throws(SystemCallError) -> FileStatus {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else {
            throw SystemCallError(call: followingLinks ? "stat" : "lstat", code: errno, subject: path)
        }
        let kind: Kind =
            switch info.st_mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .directory
            case S_IFLNK: .symbolicLink
            case S_IFSOCK: .socket
            default: .other
            }
        return FileStatus(kind: kind, permissions: UInt32(info.st_mode & 0o7777), owner: info.st_uid)
    }

    /// Whether users other than the owner may write it: its group or everyone.
    public var writableByOthers: Bool { permissions & UInt32(S_IWGRP | S_IWOTH) != 0 }

    /// Whether it has the sticky bit (in a folder: only an entry's owner may rename or remove it).
    public var sticky: Bool { permissions & UInt32(S_ISVTX) != 0 }
}
