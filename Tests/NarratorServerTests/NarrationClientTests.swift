import Foundation
import NarratorClient
import Synchronization
import Testing

@Suite("A game's narration client")
struct NarrationClientTests {
    @Test("Without a daemon it says once that narration is off; it connects when one appears")
    func connectsWhenDaemonAppears() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narration-\(UUID())").path
        let socket = folder + "/run/narrator.sock"
        let notices = Mutex<[String]>([])
        let narration = Narration(socketPath: socket, clientName: "Test game", locale: "en") { line in
            notices.withLock { $0.append(line) }
        }
        defer { narration.close() }
        narration.send(.event(type: "score_changed", fields: [.init("score", .integer(1))]))
        #expect(narration.nextUpdates(waitingUpTo: .seconds(5)) == [.disconnected])
        narration.send(.event(type: "score_changed", fields: [.init("score", .integer(2))]))
        #expect(notices.withLock { $0.count } == 1)
        #expect(notices.withLock { $0.first?.contains("Narration is off") } == true)

        let daemon = try DaemonProcess(socket: socket)
        defer { _ = daemon.stop() }
        // Connection attempts are spaced 0.5 s apart: keep sending until one connects.
        var seen: [Narration.Update] = []
        for attempt in 0..<20 where !seen.contains(.connected) {
            narration.send(
                .event(type: "score_changed", fields: [.init("score", .integer(10 + attempt))]), tag: "score")
            seen += narration.nextUpdates(waitingUpTo: .milliseconds(300))
        }
        #expect(seen.contains(.connected))
        narration.send(.event(type: "collision", fields: [.init("lives", .integer(2))]), tag: "crash")
        var id: String?
        var finished = false
        for _ in 0..<50 where !finished {
            for update in narration.nextUpdates(waitingUpTo: .seconds(5)) {
                if case .accepted("crash", let accepted?) = update { id = accepted }
                if case .outcome(let outcome, .finished) = update, outcome == id { finished = true }
            }
        }
        #expect(id != nil && finished)
        #expect(notices.withLock { $0.last } == "Narration is on.")
    }

    @Test("It tells the game when the daemon's sound output is lost, with the reason")
    func soundLost() throws {
        // A WAV output on a device that refuses every write: the first phrase loses the output.
        let daemon = try DaemonProcess(arguments: ["--output", "wav:/dev/full"])
        defer { _ = daemon.stop() }
        let narration = Narration(
            socketPath: daemon.socket, clientName: "Test game", locale: "en", setup: [#"{"type":"set","rate":300}"#]
        ) { _ in }
        defer { narration.close() }
        // It connects when the game starts, before the game has sent anything.
        #expect(narration.nextUpdates(waitingUpTo: .seconds(10)) == [.connected])
        narration.send(.event(type: "collision", fields: [.init("lives", .integer(2))]))
        var seen: [Narration.Update] = []
        for _ in 0..<20 where !seen.contains(where: { if case .soundLost = $0 { true } else { false } }) {
            seen += narration.nextUpdates(waitingUpTo: .seconds(2))
        }
        let reason = seen.compactMap { if case .soundLost(let reason) = $0 { reason } else { nil } }.first
        #expect(reason?.contains("/dev/full") == true || reason?.contains("space") == true, "\(seen)")
    }

    @Test("A game naming a profile the daemon does not have is told so once, and is still heard with the default")
    func refusedProfileIsNoticed() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let notices = Mutex<[String]>([])
        let narration = Narration(
            socketPath: daemon.socket, clientName: "Lost game", locale: "en", profile: "nosuchgame"
        ) { line in notices.withLock { $0.append(line) } }
        defer { narration.close() }
        narration.send(.event(type: "score_changed", fields: [.init("score", .integer(4))]), tag: "score")
        var accepted: String?
        for _ in 0..<20 where accepted == nil {
            for update in narration.nextUpdates(waitingUpTo: .seconds(5)) {
                if case .accepted("score", let id?) = update { accepted = id }
            }
        }
        #expect(accepted != nil)
        let said = notices.withLock { $0 }
        #expect(said.count == 1 && said.first?.contains("refused this game's hello") == true, "\(said)")
        #expect(said.first?.contains("no profile \\\"nosuchgame\\\" is installed") == true, "\(said)")
    }
}
