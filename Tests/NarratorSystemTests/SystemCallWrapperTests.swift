import Glibc
import NarratorSystem
import Testing

/// The wrappers the other modules make their system calls through: each failure names its call
/// and keeps its errno, and each success says what the kernel said.
@Suite("System call wrappers")
struct SystemCallWrapperTests {
    @Test("a missing path is an error naming lstat, the path and ENOENT")
    func missingPathNamesCall() {
        let path = "/nonexistent-narrator-\(ProcessIdentity.processID)"
        #expect(throws: SystemCallError(call: "lstat", code: ENOENT, subject: path)) {
            try FileStatus.of(path, followingLinks: false)
        }
    }

    @Test("a folder made private reads back as this user's folder, mode 0700; made again it is EEXIST")
    func folderStatus() throws {
        let folder = "/tmp/narrator-wrappers-\(ProcessIdentity.processID)"
        try FileSystem.makeDirectory(folder, mode: 0o700)
        defer { rmdir(folder) }
        let status = try FileStatus.of(folder, followingLinks: true)
        #expect(status == FileStatus(kind: .directory, permissions: 0o700, owner: ProcessIdentity.userID))
        #expect(!status.writableByOthers && !status.sticky)
        #expect(throws: SystemCallError(call: "mkdir", code: EEXIST, subject: folder)) {
            try FileSystem.makeDirectory(folder, mode: 0o700)
        }
    }

    @Test("a pipe polls empty until a byte is written, then reads it; its closed write end reads as the end")
    func pipePollAndRead() throws {
        let (read, write) = try UnixPipe.make()
        defer { FileDescriptor.close(read) }
        #expect(try Poll.wait(read, for: .readable, milliseconds: 0).isEmpty)
        FileDescriptor.writeAll(write, "x")
        #expect(try Poll.wait(read, for: .readable, milliseconds: 1000).contains(.readable))
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(try FileDescriptor.read(read, into: &buffer) == 1)
        #expect(buffer[0] == UInt8(ascii: "x"))
        FileDescriptor.close(write)
        #expect(try FileDescriptor.read(read, into: &buffer) == 0)
    }

    @Test("a child killed with SIGKILL is reaped as ended by that signal")
    func reapsKilledChild() throws {
        let pid = try ChildSpawner.spawn("/bin/sleep", arguments: ["30"], environment: [], files: [])
        try ChildSpawner.send(SIGKILL, to: pid)
        #expect(try ChildSpawner.reap(pid) == .signalled(SIGKILL))
    }
}
