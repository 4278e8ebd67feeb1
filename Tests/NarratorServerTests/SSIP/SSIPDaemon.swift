import Foundation
import NarratorTestSupport
import Testing

/// The real `narrator serve --ssip-socket` speaking into a private PulseAudio whose monitor is
/// recorded, and the environment that sends speech-dispatcher's clients (`spd-say`, Python's
/// `speechd`, libspeechd) to it and to nothing else. Stop it with `stop()`.
final class SSIPDaemon: @unchecked Sendable {
    let sound: RecordedPulse
    var recorder: MonitorRecorder { sound.recorder }
    let daemon: ChildProcess
    let folder: String
    let socket: String
    let ssipSocket: String
    let narrator: String
    /// This process's environment, with SPEECHD_ADDRESS at the narrator's SSIP socket, and a
    /// speech-dispatcher that cannot be started should a client try.
    let clientEnvironment: [String: String]
    private let condition = NSCondition()
    private var log = ""

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("ssip-\(UUID().uuidString.prefix(8))")
            .path
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        socket = folder + "/narrator.sock"
        ssipSocket = folder + "/speech-dispatcher/speechd.sock"
        guard let narrator = NarratorExecutable.path() else {
            throw Failure(description: "the narrator binary was not built")
        }
        sound = try RecordedPulse()
        self.narrator = narrator
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = sound.server
        do {
            daemon = try ChildProcess(
                executable: narrator,
                arguments: ["serve", "--socket", socket, "--ssip-socket", ssipSocket, "--output", "pulse"],
                environment: environment, captureErrors: true)
        } catch {
            sound.stop()
            throw error
        }
        environment["SPEECHD_ADDRESS"] = "unix_socket:" + ssipSocket
        environment["SPEECHD_CMD"] = "/nonexistent/speech-dispatcher"
        clientEnvironment = environment
        Thread { [self] in
            while true {
                let bytes = daemon.read()
                condition.lock()
                log += String(decoding: bytes, as: UTF8.self)
                condition.broadcast()
                condition.unlock()
                if bytes.isEmpty { return }
            }
        }.start()
        guard waitForLog("ready on") else {
            stop()
            throw Failure(description: "the daemon did not start: \(logText)")
        }
    }

    var logText: String {
        condition.lock()
        defer { condition.unlock() }
        return log
    }

    func waitForLog(_ text: String, limit: TimeInterval = 20) -> Bool {
        let deadline = Date(timeIntervalSinceNow: limit)
        condition.lock()
        defer { condition.unlock() }
        while !log.contains(text) { if !condition.wait(until: deadline) { return log.contains(text) } }
        return true
    }

    /// `spd-say ARGUMENTS` to its end.
    func spdSay(_ arguments: [String], limit: Duration = .seconds(30)) throws -> ChildProcess.Finished {
        let program = try #require(PrivatePulseAudio.findExecutable("spd-say")?.path, "spd-say is not installed")
        return try ChildProcess.run(program, arguments, environment: clientEnvironment, limit: limit)
    }

    /// `narrator history` of the daemon, one line per announcement, without the latencies measured
    /// ("finished 3 spd-say: Hello", not "finished 3 spd-say (heard after 6.2 ms): Hello").
    func history() throws -> [String] {
        let finished = try ChildProcess.run(narrator, ["history", "--socket", socket], environment: clientEnvironment)
        return finished.output.split(separator: "\n").map {
            String($0).replacing(#/ \([^()]*after [0-9.]+ ms\)/#, with: "")
        }
    }

    /// The outcome `narrator history` gives the announcement whose text starts with `text`.
    func outcome(of text: String) throws -> String? {
        try history().last { $0.contains(": " + text) }?.split(separator: " ").first.map(String.init)
    }

    func stop() {
        daemon.stop()
        sound.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
