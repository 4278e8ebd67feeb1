import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// `narrator send`, `status` and `monitor` against a real daemon, and the fixes found while
/// documenting the protocol.
@Suite("narrator send and friends")
struct SendCommandTests {
    @Test("send builds typed JSON: text fields stay text, only JSON numbers are numbers")
    func typedFields() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let text = try runNarrator(["send", "--socket", daemon.socket, "say", "--text", "007", "--priority", "low"])
        #expect(text.status == 0, "\(text.errors)")
        #expect(fields(text.output)["text"] as? String == "007")
        let notNumber = try runNarrator(["send", "--socket", daemon.socket, "score_changed", "--score", "+5"])
        #expect(notNumber.status == 1)
        #expect(
            errorCode(notNumber.output) == "invalid_field", "a bad number is the daemon's field error, not invalid JSON"
        )
        let number = try runNarrator(["send", "--socket", daemon.socket, "score_changed", "--score", "120"])
        #expect(fields(number.output)["text"] as? String == "Score 120")
    }

    @Test("send --help shows help instead of sending it")
    func help() throws {
        let run = try runNarrator(["send", "--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("--wait"))
    }

    @Test("send --wait with several lines on stdin prints each reply once and waits for every outcome")
    func waitForSeveral() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let input =
            (1...3).map { #"{"type":"say","text":"Line \#($0).","priority":"low"}"# }.joined(separator: "\n") + "\n"
        let run = try runProgram(
            try #require(NarratorExecutable.path()), ["send", "--socket", daemon.socket, "--wait"], input: input)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let lines = run.output.split(separator: "\n").map { fields(String($0)) }
        let replies = lines.filter { $0["ok"] != nil }
        #expect(replies.count == 3)
        let ids = Set(replies.compactMap { $0["id"] as? String })
        let finished = Set(lines.filter { $0["event"] as? String == "finished" }.compactMap { $0["id"] as? String })
        #expect(ids.count == 3 && finished == ids)
    }

    @Test("A client's pause ends when it disconnects, so its queued speech is still said")
    func pauseEndsWithClient() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let watcher = try Subscriber(daemon)
        try watcher.client.send(#"{"type":"subscribe","all_clients":true}"#)
        _ = try watcher.client.readLine()
        let pausing = try daemon.client()
        try pausing.send(#"{"type":"pause"}"#)
        _ = try pausing.readLine()
        try pausing.send(#"{"type":"say","text":"Said after all."}"#)
        let reply = try #require(try pausing.readLine())
        let id = try #require(fields(reply)["id"] as? String)
        pausing.finishSending()
        try watcher.waitFor("finished", id)
    }

    @Test("An existing socket folder keeps its mode; the socket is 0600")
    func leavesExistingFolderAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-mode-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        chmod(folder, 0o755)
        let daemon = try DaemonProcess(socket: folder + "/n.sock")
        defer { _ = daemon.stop() }
        var info = stat()
        stat(folder, &info)
        #expect(info.st_mode & 0o777 == 0o755)
        stat(daemon.socket, &info)
        #expect(info.st_mode & 0o777 == 0o600)
    }
}

@Suite("Versions")
struct VersionTests {
    @Test("narrator --version, retroracing --version and the daemon's status report one version")
    func oneVersion() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let narrator = try #require(NarratorExecutable.path())
        let game = narrator.replacingOccurrences(of: "/narrator", with: "/retroracing")
        let client = try daemon.client()
        try client.send(#"{"type":"status"}"#)
        let line = try #require(try client.readLine())
        let reported = try #require(fields(line)["version"] as? String)
        #expect(!reported.isEmpty)
        for program in [narrator, game] {
            let run = try runProgram(program, ["--version"], input: "")
            #expect(run.status == 0)
            #expect(run.output == reported + "\n", "\(program): \(run.output)")
        }
    }
}
