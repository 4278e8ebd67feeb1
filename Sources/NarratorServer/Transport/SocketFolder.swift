#if canImport(Glibc)
    import Glibc
#endif

/// The folder the daemon's socket goes in, made or checked so that no other user can replace the
/// socket: not by writing into the folder (unlinking or renaming the socket and binding their own),
/// and not by renaming the folder, or any folder above it, and putting their own in its place.
///
/// So the socket's folder must be this user's and writable by no one else; every folder above it
/// must be this user's or root's, and writable by no one else unless it has the sticky bit (like
/// /tmp, where only an entry's owner may rename it). A symbolic link on the way must be this user's
/// or root's, and where it leads is held to the same rules. Missing folders are made with mode 0700,
/// each only after the folder it goes in passed. A folder that exists is never changed.
enum SocketFolder {
    /// Where in the path a folder stands: the rules for the socket's own folder are stricter.
    private enum Role {
        case above
        case socketFolder
    }

    static func prepare(_ folder: String) throws(ServerError) {
        let absolute = folder.hasPrefix("/") ? folder : currentFolder() + "/" + folder
        let components = absolute.split(separator: "/").map(String.init)
        try check("/", role: components.isEmpty ? .socketFolder : .above)
        var path = ""
        for (index, component) in components.enumerated() {
            path += "/" + component
            let role: Role = index == components.count - 1 ? .socketFolder : .above
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw ServerError("Cannot create the socket folder \(path): \(String(cString: strerror(errno))).")
            }
            try check(path, role: role)
        }
    }

    /// Checks the entry at `path` (a link is checked itself, then where it leads).
    private static func check(_ path: String, role: Role) throws(ServerError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw ServerError("Cannot read the socket folder \(path): \(String(cString: strerror(errno))).")
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            try checkOwner(path, info, role: .above)
            try checkTarget(of: path, role: role)
            return
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ServerError("\(path) is not a folder; choose another --socket.")
        }
        try checkOwner(path, info, role: role)
        let writableByOthers = info.st_mode & (S_IWGRP | S_IWOTH) != 0
        let sticky = info.st_mode & S_ISVTX != 0
        let mode = "mode 0" + String(info.st_mode & 0o7777, radix: 8)
        switch role {
        case .socketFolder where writableByOthers:
            throw ServerError(
                "The socket folder \(path) can be written by other users (\(mode)), so one of them could replace "
                    + "the socket; refusing to listen there. Run `chmod go-w \(path)`, or choose another --socket.")
        case .above where writableByOthers && !sticky:
            throw ServerError(
                "\(path) can be written by other users and has no sticky bit (\(mode)), so one of them could "
                    + "rename the socket's folder and put their own in its place; refusing to listen there. Run "
                    + "`chmod go-w \(path)` (or `chmod +t \(path)`), or choose another --socket.")
        default:
            break
        }
    }

    /// The socket's folder must be this user's; a folder above it (or a link) this user's or root's.
    private static func checkOwner(_ path: String, _ info: stat, role: Role) throws(ServerError) {
        let me = getuid()
        switch role {
        case .socketFolder where info.st_uid != me:
            throw ServerError(
                "The socket folder \(path) belongs to another user (uid \(info.st_uid)); refusing to listen there. "
                    + "Choose another --socket.")
        case .above where info.st_uid != me && info.st_uid != 0:
            throw ServerError(
                "\(path) belongs to another user (uid \(info.st_uid)), who could replace the socket's folder in it; "
                    + "refusing to listen there. Choose a --socket in a folder of your own.")
        default:
            break
        }
    }

    /// Checks every folder of the real path a link leads to, the last in the link's role.
    private static func checkTarget(of link: String, role: Role) throws(ServerError) {
        guard let resolved = realpath(link, nil) else {
            throw ServerError("Cannot follow \(link): \(String(cString: strerror(errno))).")
        }
        defer { free(resolved) }
        let components = String(cString: resolved).split(separator: "/").map(String.init)
        try check("/", role: components.isEmpty ? role : .above)
        var path = ""
        for (index, component) in components.enumerated() {
            path += "/" + component
            try check(path, role: index == components.count - 1 ? role : .above)
        }
    }

    private static func currentFolder() -> String {
        guard let folder = getcwd(nil, 0) else { return "." }
        defer { free(folder) }
        return String(cString: folder)
    }
}
