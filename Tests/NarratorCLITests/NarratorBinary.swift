import Foundation
import NarratorTestSupport
import Testing

/// The built `narrator` executable, run as a user runs it: arguments, a working folder, optionally
/// standard input and extra environment; what it printed and how it exited. Shared by every CLI suite.
enum NarratorBinary {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What one run printed and how it ended.
    typealias Run = ChildProcess.Finished

    /// The `narrator` binary built next to this test bundle (any build folder), else `.build/debug`.
    static func url() throws -> URL {
        let found = try #require(NarratorExecutable.path(), "the narrator binary was not built")
        return URL(fileURLWithPath: found)
    }

    /// Runs `narrator ARGS` in `folder` and waits for it to exit (two minutes at most: then it is
    /// killed and the run says it timed out).
    ///
    /// - Parameters:
    ///   - input: the child's standard input (empty when nil, so nothing waits on the test's own input).
    ///   - environment: variables set on top of this process's environment.
    static func run(
        _ arguments: [String], in folder: String = packageRoot.path, input: String? = nil,
        environment: [String: String] = [:]
    ) throws -> Run {
        let run = try ChildProcess.run(
            try url().path, arguments, input: input ?? "",
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, directory: folder)
        #expect(!run.timedOut, "narrator \(arguments) did not finish: \(run.transcript)")
        return run
    }
}

extension ChildProcess.Finished {
    /// Standard error split into lines, without the final newline.
    var errorLines: [Substring] { errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }

    /// Everything printed, for failure messages.
    var transcript: String { "exit \(status)\nstdout:\n\(output)\nstderr:\n\(errors)" }
}

/// Runs `body` with the path of a fresh empty folder under the system's temporary folder, and
/// removes the folder afterwards.
func withTemporaryFolder<T>(_ body: (_ path: String) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.path)
}
