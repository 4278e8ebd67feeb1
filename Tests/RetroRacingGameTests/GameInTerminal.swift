import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// What the terminal tests share: a real daemon in a private folder (no sound, or sound written at the
/// pace a player hears it, so that speech takes its time), a subscriber that hears every client's
/// outcomes, the game's path, and tmux to type into the game.
struct GameInTerminal {
    let folder: String
    let socket: String
    let game: String
    let daemon: ChildProcess
    let listener: LineClient

    /// Starts the daemon; `stop()` ends it and removes the folder. `realTime`: its output is a WAV
    /// file written at the pace of a sound card (`heard.wav` in the folder), not `null`, which takes
    /// a phrase as fast as it is synthesized.
    init(prefix: String, realTime: Bool = false) throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
            .path
        socket = folder + "/run/narrator.sock"
        let narrator = try #require(NarratorExecutable.path())
        game = narrator.replacingOccurrences(of: "/narrator", with: "/retroracing")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let output = realTime ? "realtime-wav:\(folder)/heard.wav" : "null"
        daemon = try ChildProcess(
            executable: narrator, arguments: ["serve", "--socket", socket, "--output", output],
            environment: ProcessInfo.processInfo.environment, captureErrors: true)
        let (ready, log) = daemon.read(until: "ready on")
        try #require(ready, "the daemon exited: \(log)")
        listener = try LineClient(path: socket)
        listener.setReadTimeout(.seconds(30))
        try listener.send(#"{"type":"subscribe","all_clients":true}"#)
        _ = try listener.readLine()
    }

    func stop() {
        daemon.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs one tmux command; one that does not finish within `limit` fails the test.
    @discardableResult
    static func tmux(_ arguments: [String], limit: Duration = .seconds(20)) throws -> String {
        let executable = try #require(PrivatePulseAudio.findExecutable("tmux")?.path)
        let run = try ChildProcess.run(executable, arguments, limit: limit)
        try #require(!run.timedOut, "tmux \(arguments) did not finish within \(limit)")
        #expect(run.status == 0, "tmux \(arguments): \(run.errors)")
        return run.output
    }
}

func fields(_ line: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
}
