import NarratorSystem

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
            do throws(SystemCallError) {
                try FileSystem.makeDirectory(path, mode: 0o700)
            } catch let error where error.code != EEXIST {
                throw ServerError("Cannot create the socket folder \(path): \(error.reason).")
            } catch {}
            try check(path, role: role)
        }
    }

    /// Checks the entry at `path` (a link is checked itself, then where it leads).
    private static func check(_ path: String, role: Role) throws(ServerError) {
        let info: FileStatus
        do throws(SystemCallError) {
            info = try FileStatus.of(path, followingLinks: false)
        } catch {
            throw ServerError("Cannot read the socket folder \(path): \(error.reason).")
        }
        if info.kind == .symbolicLink {
            try checkOwner(path, info, role: .above)
            try checkTarget(of: path, role: role)
            return
        }
        guard info.kind == .directory else {
            throw ServerError("\(path) is not a folder; choose another --socket.")
        }
        try checkOwner(path, info, role: role)
        let mode = "mode 0" + String(info.permissions, radix: 8)
        switch role {
        case .socketFolder where info.writableByOthers:
            throw ServerError(
                "The socket folder \(path) can be written by other users (\(mode)), so one of them could replace "
                    + "the socket; refusing to listen there. Run `chmod go-w \(path)`, or choose another --socket.")
        case .above where info.writableByOthers && !info.sticky:
            throw ServerError(
                "\(path) can be written by other users and has no sticky bit (\(mode)), so one of them could "
                    + "rename the socket's folder and put their own in its place; refusing to listen there. Run "
                    + "`chmod go-w \(path)` (or `chmod +t \(path)`), or choose another --socket.")
        default:
            break
        }
    }

    /// The socket's folder must be this user's; a folder above it (or a link) this user's or root's.
    private static func checkOwner(_ path: String, _ info: FileStatus, role: Role) throws(ServerError) {
        let me = ProcessIdentity.userID
        switch role {
        case .socketFolder where info.owner != me:
            throw ServerError(
                "The socket folder \(path) belongs to another user (uid \(info.owner)); refusing to listen there. "
                    + "Choose another --socket.")
        case .above where info.owner != me && info.owner != 0:
            throw ServerError(
                "\(path) belongs to another user (uid \(info.owner)), who could replace the socket's folder in it; "
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
