import Foundation
import NarratorClient
import NarratorTestSupport
import Synchronization
import Testing

/// A Unix socket path holds at most 103 bytes (docs/PROTOCOL.md): the daemon and every client refuse
/// a longer one with the same sentence, before anything is made or connected.
@Suite("The socket path's length")
struct SocketPathLengthTests {
    /// A path of exactly `length` bytes in `base`: a folder whose name fills it, then `/n.sock`.
    static func path(ofLength length: Int, in base: String) -> String {
        let filler = length - base.utf8.count - "/".utf8.count - "/n.sock".utf8.count
        return base + "/" + String(repeating: "a", count: filler) + "/n.sock"
    }

    static func sentence(_ path: String) -> String {
        "The socket path \(path) is too long: \(path.utf8.count) bytes, and a Unix socket path may have at most 103."
    }

    @Test(
        "serve refuses a path over 103 bytes with the one sentence, and makes nothing", arguments: [104, 107, 108, 160])
    func serveRefuses(length: Int) throws {
        try withScratchFolder("narrator-len") { base in
            let socket = Self.path(ofLength: length, in: base)
            let run = try serveRefusal(["--socket", socket, "--output", "null"])
            #expect(run.status == 1, "\(run.errors)")
            #expect(run.errors.contains("Error: " + Self.sentence(socket)), "\(run.errors)")
            #expect(!run.errors.contains("unixDomainSocketPathTooLong"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: base).isEmpty)
        }
    }

    @Test(
        "send, status and monitor refuse a path over 103 bytes with the same sentence",
        arguments: [["status"], ["send", "collision", "--lives", "2"], ["monitor"]], [104, 107, 108])
    func clientsRefuse(command: [String], length: Int) throws {
        try withScratchFolder("narrator-len") { base in
            let socket = Self.path(ofLength: length, in: base)
            let run = try ChildProcess.run(
                try #require(NarratorExecutable.path()), [command[0], "--socket", socket] + command.dropFirst(),
                limit: .seconds(30))
            #expect(run.status == 1, "\(run.errors)")
            #expect(run.errors.contains("Error: " + Self.sentence(socket)), "\(run.errors)")
        }
    }

    @Test("A game's narration says the same sentence")
    func narrationRefuses() throws {
        try withScratchFolder("narrator-len") { base in
            let socket = Self.path(ofLength: 104, in: base)
            let notices = Mutex<[String]>([])
            let narration = Narration(socketPath: socket, clientName: "Test game", locale: "en") { line in
                notices.withLock { $0.append(line) }
            }
            defer { narration.close() }
            #expect(narration.nextUpdates(waitingUpTo: .seconds(20)) == [.disconnected])
            let notice = notices.withLock { $0.first } ?? ""
            #expect(notice.contains(Self.sentence(socket)), "\(notice)")
        }
    }

    @Test("A path of exactly 103 bytes works for the daemon and its clients")
    func longestPathWorks() throws {
        try withScratchFolder("narrator-len") { base in
            let socket = Self.path(ofLength: 103, in: base)
            let daemon = try DaemonProcess(socket: socket)
            defer { _ = daemon.stop() }
            let run = try runNarrator(["status", "--json", "--socket", socket])
            #expect(run.status == 0, "\(run.errors)")
            #expect(fields(run.output)["ok"] as? Bool == true)
        }
    }
}
