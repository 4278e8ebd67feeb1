import Foundation
import NarratorTestSupport
import Testing

/// Runs `narrator serve ARGUMENTS`, which should refuse to start: its exit status and what it wrote
/// to standard error. A daemon that starts instead (its "ready on" line) fails the test and is
/// stopped at once, so a test of a refusal never waits on a daemon that runs.
func serveRefusal(_ arguments: [String]) throws -> (status: Int32, errors: String) {
    let child = try ChildProcess(
        executable: try #require(NarratorExecutable.path()), arguments: ["serve"] + arguments,
        environment: ProcessInfo.processInfo.environment, captureErrors: true)
    let (ready, log) = child.read(until: "ready on")
    if ready {
        Issue.record("narrator serve \(arguments) started instead of refusing:\n\(log)")
        return (child.stop(), log)
    }
    return (child.waitForExit() ?? child.stop(), log)
}

/// A fresh folder (mode 0755, this user's) under the temporary folder, removed afterwards.
func withScratchFolder(_ prefix: String, _ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "\(prefix)-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    chmod(folder, 0o755)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
}

/// Makes `path` a folder with exactly `mode` (mkdir's mode is cut by the umask).
func makeFolder(_ path: String, mode: mode_t) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try #require(chmod(path, mode) == 0)
}

/// Whether this test can act as another user (uid 65534): it needs root. Records why not otherwise,
/// so a run that cannot check it says so instead of passing in silence.
func canActAsAnotherUser() -> Bool {
    guard getuid() == 0 else {
        Issue.record("cannot act as another user here (needs root, as CI runs)")
        return false
    }
    return true
}
