import FoundationEssentials

/// Finds the built `narrator` executable for tests that run it as a user would.
public enum NarratorExecutable {
    /// The package's root folder, from this source file's place in it.
    public static let packageRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Sources/NarratorTestSupport/NarratorExecutable.swift
        return parts.joined(separator: "/")
    }()

    /// `$NARRATOR_TEST_BINARY` when set (to run the daemon tests against a release build), else the
    /// binary built next to the running test bundle (any build folder), else `.build/debug`.
    public static func path() -> String? {
        if let chosen = ProcessInfo.processInfo.environment["NARRATOR_TEST_BINARY"], !chosen.isEmpty {
            return FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
            separator: "/")
        let candidates = [folder + "/narrator", packageRoot + "/.build/debug/narrator"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
