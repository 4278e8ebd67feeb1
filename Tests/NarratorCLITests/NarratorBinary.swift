import Foundation
import NarratorTestSupport
import Testing

/// The built `narrator` executable, run as a user runs it: arguments, a working folder, optionally
/// standard input and extra environment; what it printed and how it exited. Shared by every CLI suite.
enum NarratorBinary {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What one run printed and how it ended.
    struct Run {
        var status: Int32
        var output: String
        var errors: String

        /// Standard error split into lines, without the final newline.
        var errorLines: [Substring] { errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }

        /// Everything printed, for failure messages.
        var transcript: String { "exit \(status)\nstdout:\n\(output)\nstderr:\n\(errors)" }
    }

    /// The `narrator` binary built next to this test bundle (any build folder), else `.build/debug`.
    static func url() throws -> URL {
        let found = try #require(NarratorExecutable.path(), "the narrator binary was not built")
        return URL(fileURLWithPath: found)
    }

    /// Runs `narrator ARGS` in `folder` and waits for it to exit.
    ///
    /// - Parameters:
    ///   - input: written to the child's standard input through a pipe, which is then closed;
    ///     nil leaves standard input at /dev/null so nothing waits on the test's own input.
    ///   - environment: variables set on top of this process's environment.
    static func run(
        _ arguments: [String], in folder: String = packageRoot.path, input: String? = nil,
        environment: [String: String] = [:]
    ) throws -> Run {
        // Output goes to files, not pipes: nothing can fill up and block the child while the test
        // is busy feeding its input or reading the other stream.
        try withTemporaryFolder { scratch in
            let outputPath = scratch + "/stdout"
            let errorsPath = scratch + "/stderr"
            _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
            _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
            let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
            defer {
                try? output.close()
                try? errors.close()
            }

            let process = Process()
            process.executableURL = try url()
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = output
            process.standardError = errors
            let stdin = input.map { _ in Pipe() }
            process.standardInput = stdin ?? FileHandle.nullDevice
            try process.run()
            if let stdin, let input {
                stdin.fileHandleForWriting.write(Data(input.utf8))
                try stdin.fileHandleForWriting.close()
            }
            process.waitUntilExit()
            return Run(
                status: process.terminationStatus,
                output: String(decoding: try Data(contentsOf: URL(fileURLWithPath: outputPath)), as: UTF8.self),
                errors: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorsPath)), as: UTF8.self))
        }
    }
}

/// Runs `body` with the path of a fresh empty folder under the system's temporary folder, and
/// removes the folder afterwards.
func withTemporaryFolder<T>(_ body: (_ path: String) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.path)
}
