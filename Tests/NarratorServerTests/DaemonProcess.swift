import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// A real `narrator serve` in a private folder, started for one test and stopped by PID.
/// Readiness is its own "ready on" line; later log lines can be awaited the same way.
final class DaemonProcess: @unchecked Sendable {
    let folder: String
    let socket: String
    private let child: ChildProcess
    private let condition = NSCondition()
    private var log = ""
    private var exited = false

    /// Starts the daemon; `arguments` are added after `serve --socket PATH`. With `activator` (the
    /// path of `systemd-socket-activate`) that program listens on the socket and starts
    /// `narrator serve ARGUMENTS` (no `--socket`) on the first connection; `activatorArguments` go
    /// before the socket's `--listen`, and this returns once it listens, before the daemon runs.
    init(
        arguments: [String] = ["--output", "null"], environment: [String: String] = [:], socket: String? = nil,
        activator: String? = nil, activatorArguments: [String] = []
    ) throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "narrator-test-\(UUID().uuidString.prefix(8))"
            )
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.socket = socket ?? folder + "/run/narrator.sock"
        let binary = try #require(NarratorExecutable.path(), "the narrator binary was not built")
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        if let activator {
            try FileManager.default.createDirectory(
                atPath: (self.socket as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            child = try ChildProcess(
                executable: activator,
                arguments: activatorArguments + ["--listen", self.socket, binary, "serve"] + arguments,
                environment: variables, captureErrors: true)
        } else {
            child = try ChildProcess(
                executable: binary, arguments: ["serve", "--socket", self.socket] + arguments, environment: variables,
                captureErrors: true)
        }
        Thread {
            while true {
                let bytes = self.child.read()
                self.condition.lock()
                if bytes.isEmpty { self.exited = true } else { self.log += String(decoding: bytes, as: UTF8.self) }
                self.condition.broadcast()
                self.condition.unlock()
                if bytes.isEmpty { return }
            }
        }.start()
        let readiness = activator == nil ? "ready on" : "Listening on \(self.socket)"
        guard waitForLog(readiness) else {
            _ = stop()
            throw DaemonFailure(description: "narrator serve did not become ready:\n\(logText)")
        }
    }

    struct DaemonFailure: Error, CustomStringConvertible {
        let description: String
    }

    var logText: String {
        condition.lock()
        defer { condition.unlock() }
        return log
    }

    /// Waits until the daemon's log contains `text` (true), or it exits or 10 s pass (false).
    @discardableResult
    func waitForLog(_ text: String, occurrences: Int = 1, limit: TimeInterval = 10) -> Bool {
        let deadline = Date(timeIntervalSinceNow: limit)
        condition.lock()
        defer { condition.unlock() }
        while log.components(separatedBy: text).count - 1 < occurrences {
            if exited || !condition.wait(until: deadline) {
                return log.components(separatedBy: text).count - 1 >= occurrences
            }
        }
        return true
    }

    /// Waits until the process has closed its log (it is exiting or gone).
    func waitForExitOfLog(limit: TimeInterval = 10) -> Bool {
        let deadline = Date(timeIntervalSinceNow: limit)
        condition.lock()
        defer { condition.unlock() }
        while !exited { if !condition.wait(until: deadline) { return exited } }
        return true
    }

    /// A new connection; a read that waits 30 s fails the test instead of hanging it.
    func client() throws -> LineClient {
        let client = try LineClient(path: socket)
        client.setReadTimeout(.seconds(30))
        return client
    }

    /// One request on a fresh connection, and its reply.
    func request(_ line: String) throws -> String {
        let client = try client()
        try client.send(line)
        return try #require(try client.readLine(), "no reply to \(line)")
    }

    func signal(_ signal: Int32) { child.signal(signal) }

    var pid: Int32 { child.pid }

    /// SIGTERM, then the exit status (137 if it had to be killed after 10 s).
    func stop() -> Int32 {
        let status = child.stop()
        try? FileManager.default.removeItem(atPath: folder)
        return status
    }

    /// The exit status, or nil if it is still running after 10 s.
    func waitForExit() -> Int32? { child.waitForExit(within: .seconds(10)) }
}

/// A reply or notification line as a dictionary, for assertions.
func fields(_ line: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
}

func errorCode(_ line: String) -> String? {
    (fields(line)["error"] as? [String: Any])?["code"] as? String
}
