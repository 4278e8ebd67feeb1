import Foundation
import NarratorClient
import NarratorTestSupport
import Synchronization
import Testing

/// Clients make sure the socket they reach is served by their own user (SO_PEERCRED) before they
/// send anything: a user who could replace the socket must not hear, or answer, a client's requests.
@Suite("Clients refuse a socket served by another user", .serialized)
struct DaemonIdentityTests {
    @Test(
        "send, status and monitor refuse another user's socket, naming it and the uid, and send it nothing",
        arguments: [["status"], ["send", "collision", "--lives", "2"], ["monitor"]])
    func commandsRefuse(_ command: [String]) throws {
        guard let impostor = try Impostor.start() else { return }
        let run = try ChildProcess.run(
            try #require(NarratorExecutable.path()), [command[0], "--socket", impostor.socket] + command.dropFirst(),
            limit: .seconds(30))
        let log = impostor.finish()
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.isEmpty, "it printed what the impostor answered: \(run.output)")
        #expect(
            run.errors.contains("Error: The socket \(impostor.socket) is served by another user (uid 65534"),
            "\(run.errors)")
        #expect(!Impostor.receivedRequest(log), "the impostor got a request:\n\(log)")
    }

    @Test("A game's narration refuses it too, and tells the player why narration is off")
    func narrationRefuses() throws {
        guard let impostor = try Impostor.start() else { return }
        let notices = Mutex<[String]>([])
        let narration = Narration(socketPath: impostor.socket, clientName: "Test game", locale: "en") { line in
            notices.withLock { $0.append(line) }
        }
        defer { narration.close() }
        let updates = narration.nextUpdates(waitingUpTo: .seconds(20))
        narration.send(.status)
        let log = impostor.finish()
        #expect(updates == [.disconnected], "\(updates)")
        #expect(!narration.isConnected)
        let notice = notices.withLock { $0.first } ?? ""
        #expect(notice.contains("Narration is off") && notice.contains("another user (uid 65534"), "\(notice)")
        #expect(!Impostor.receivedRequest(log), "the impostor got a request:\n\(log)")
    }

    @Test("serve refuses to replace a socket that another user's process listens on")
    func serveRefusesToReplace() throws {
        guard let impostor = try Impostor.start() else { return }
        try withScratchFolder("narrator-identity") { base in
            let folder = base + "/run"
            try makeFolder(folder, mode: 0o700)
            // The listener stays bound to the socket file wherever it is moved.
            let socket = folder + "/narrator.sock"
            try #require(rename(impostor.socket, socket) == 0)
            let run = try serveRefusal(["--socket", socket, "--output", "null"])
            _ = impostor.finish()
            #expect(run.status == 1, "\(run.errors)")
            #expect(run.errors.contains("A process of another user (uid 65534) listens on \(socket)"), "\(run.errors)")
        }
    }
}
