import Foundation
import NarratorSystem
import NarratorTestSupport
import Testing

/// libnarrator (clients/c) built with make, and its test programs (clients/c/tests), once per run.
enum Libnarrator {
    static let folder = NarratorExecutable.packageRoot + "/clients/c"
    /// A build folder of the tests' own: InstallTests runs scripts/install, which runs make in
    /// clients/c/build, perhaps at the same moment.
    static let build = NarratorExecutable.packageRoot + "/.build/libnarrator-tests"
    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: Result<String, any Error>?

    struct BuildFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `make all tests check-symbols` in clients/c (only cc, make and binutils are needed) and
    /// returns the folder of the test programs; a failure to build, or a symbol exported without the
    /// `narrator_` prefix, fails every test that needs them, with make's output.
    static func programs() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if built == nil {
            built = Result {
                let make = try #require(PrivatePulseAudio.findExecutable("make"), "make is missing")
                let run = try ChildProcess.run(
                    make.path, ["-s", "-C", folder, "BUILD=" + build, "all", "tests", "check-symbols"],
                    limit: .seconds(300))
                guard run.status == 0 else {
                    throw BuildFailure(description: "make in clients/c failed:\n\(run.output)\n\(run.errors)")
                }
                return build + "/tests"
            }
        }
        return try built!.get()
    }
}

/// A test program (libnarrator's C programs, the Wine bridge's tester under Wine) running while the
/// test acts on what it prints: each line of its standard output
/// is kept with the number of samples the recorder had when the line arrived, so a test can look
/// for sound between two moments the program told.
final class CProgram: @unchecked Sendable {
    struct Line {
        let text: String
        /// Samples recorded when the line was read (0 without a recorder).
        let samples: Int
    }

    private let child: ChildProcess
    private let condition = NSCondition()
    private var lines: [Line] = []
    private var ended = false

    /// Starts `path ARGUMENTS`, with `environment` over this process's.
    init(
        _ path: String, _ arguments: [String], environment: [String: String] = [:], recorder: MonitorRecorder? = nil
    ) throws {
        child = try ChildProcess(
            executable: path, arguments: arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, captureErrors: false)
        Thread { [self] in
            var pending = ""
            while true {
                let bytes = child.read()
                let samples = recorder?.count ?? 0
                condition.lock()
                if bytes.isEmpty {
                    if !pending.isEmpty { lines.append(Line(text: pending, samples: samples)) }
                    ended = true
                } else {
                    pending += String(decoding: bytes, as: UTF8.self)
                    while let newline = pending.firstIndex(of: "\n") {
                        lines.append(Line(text: String(pending[..<newline]), samples: samples))
                        pending = String(pending[pending.index(after: newline)...])
                    }
                }
                condition.broadcast()
                condition.unlock()
                if bytes.isEmpty { return }
            }
        }.start()
    }

    /// Waits up to `limit` for a line starting with `prefix`; returns it, or nil if the program ended
    /// or the time passed first. A line starting with "fail" ends the wait too (and is returned).
    func waitForLine(_ prefix: String, limit: TimeInterval = 60) -> Line? {
        let deadline = Date(timeIntervalSinceNow: limit)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let line = lines.first(where: { $0.text.hasPrefix(prefix) || $0.text.hasPrefix("fail") }) {
                return line
            }
            if ended || !condition.wait(until: deadline) { return nil }
        }
    }

    var output: [Line] {
        condition.lock()
        defer { condition.unlock() }
        return lines
    }

    /// Everything printed so far, for a failure's message.
    var transcript: String { output.map(\.text).joined(separator: "\n") }

    /// The exit status, or nil if it still runs after `limit` (then it is killed).
    func finish(within limit: Duration = .seconds(60)) -> Int32? {
        if let status = child.waitForExit(within: limit) { return status }
        child.stop(signal: SIGKILL)
        return nil
    }
}
