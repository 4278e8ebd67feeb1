import Foundation
import NarratorTestSupport
import Testing

/// `narrator serve` refuses a socket folder where another user could replace the socket: by writing
/// into the folder, or by renaming the folder (or one above it) and putting their own in its place.
@Suite("The socket's folder: no other user can replace the socket")
struct SocketFolderTests {
    @Test(
        "The socket's own folder writable by others is refused, saying why and what to do",
        arguments: [0o777, 0o770, 0o707, 0o1777] as [mode_t])
    func writableSocketFolder(mode: mode_t) throws {
        try withScratchFolder("narrator-folder") { base in
            let folder = base + "/run"
            try makeFolder(folder, mode: mode)
            let socket = folder + "/narrator.sock"
            let run = try serveRefusal(["--socket", socket, "--output", "null"])
            #expect(run.status == 1, "\(run.errors)")
            #expect(run.errors.contains("The socket folder \(folder) can be written by other users"), "\(run.errors)")
            #expect(run.errors.contains("could replace the socket"))
            #expect(run.errors.contains("chmod go-w \(folder)"))
            #expect(!FileManager.default.fileExists(atPath: socket))
        }
    }

    @Test("A missing folder under a folder others can write to without the sticky bit is refused, and not made")
    func missingUnderOpenFolder() throws {
        try withScratchFolder("narrator-folder") { base in
            let open = base + "/open"
            try makeFolder(open, mode: 0o777)
            let run = try serveRefusal(["--socket", open + "/run/narrator.sock", "--output", "null"])
            #expect(run.status == 1, "\(run.errors)")
            #expect(run.errors.contains("\(open) can be written by other users and has no sticky bit"), "\(run.errors)")
            #expect(run.errors.contains("rename the socket's folder"))
            #expect(!FileManager.default.fileExists(atPath: open + "/run"))
        }
    }

    @Test("Under a sticky folder others can write to, like /tmp, the daemon makes its own folder 0700 and listens")
    func missingUnderStickyFolder() throws {
        try withScratchFolder("narrator-folder") { base in
            let shared = base + "/shared"
            try makeFolder(shared, mode: 0o1777)
            let daemon = try DaemonProcess(socket: shared + "/run/narrator.sock")
            defer { _ = daemon.stop() }
            #expect(fields(try daemon.request(#"{"type":"status"}"#))["ok"] as? Bool == true)
            var info = stat()
            stat(shared + "/run", &info)
            #expect(info.st_mode & 0o7777 == 0o700)
        }
    }

    @Test("A link on the way is followed, and where it leads is held to the same rules")
    func links() throws {
        try withScratchFolder("narrator-folder") { base in
            let open = base + "/open"
            try makeFolder(open, mode: 0o777)
            try makeFolder(open + "/inner", mode: 0o700)
            try FileManager.default.createSymbolicLink(atPath: base + "/toOpen", withDestinationPath: open + "/inner")
            let refused = try serveRefusal(["--socket", base + "/toOpen/narrator.sock", "--output", "null"])
            #expect(refused.status == 1, "\(refused.errors)")
            #expect(refused.errors.contains("\(open) can be written by other users and has no sticky bit"))

            try makeFolder(base + "/private", mode: 0o700)
            try FileManager.default.createSymbolicLink(
                atPath: base + "/toPrivate", withDestinationPath: base + "/private")
            let daemon = try DaemonProcess(socket: base + "/toPrivate/narrator.sock")
            defer { _ = daemon.stop() }
            #expect(fields(try daemon.request(#"{"type":"status"}"#))["ok"] as? Bool == true)
        }
    }

    @Test("A missing folder under another user's folder is refused, and not made")
    func missingUnderAnotherUsersFolder() throws {
        guard canActAsAnotherUser() else { return }
        try withScratchFolder("narrator-folder") { base in
            let theirs = base + "/theirs"
            try makeFolder(theirs, mode: 0o755)
            try #require(chown(theirs, 65534, 65534) == 0)
            let run = try serveRefusal(["--socket", theirs + "/run/narrator.sock", "--output", "null"])
            #expect(run.status == 1, "\(run.errors)")
            #expect(run.errors.contains("\(theirs) belongs to another user (uid 65534)"), "\(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: theirs + "/run"))
        }
    }

    @Test("A socket folder of another user is refused, even one only that user can write to")
    func anotherUsersSocketFolder() throws {
        guard canActAsAnotherUser() else { return }
        try withScratchFolder("narrator-folder") { base in
            let theirs = base + "/theirs"
            try makeFolder(theirs, mode: 0o700)
            try #require(chown(theirs, 65534, 65534) == 0)
            let run = try serveRefusal(["--socket", theirs + "/narrator.sock", "--output", "null"])
            #expect(run.status == 1, "\(run.errors)")
            #expect(
                run.errors.contains("The socket folder \(theirs) belongs to another user (uid 65534)"), "\(run.errors)")
        }
    }
}
