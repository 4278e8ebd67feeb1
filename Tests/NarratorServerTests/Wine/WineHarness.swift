import Foundation
import NarratorTestSupport
import Testing

/// Real Wine for the bridge's tests: the DLLs and the Tolk-like tester built with mingw-w64
/// (clients/wine) in a folder of the tests' own, and one headless prefix for the run
/// (`PrivateWinePrefix`), both made once.
enum WineHarness {
    struct Setup: Sendable {
        let prefix: PrivateWinePrefix
        /// The folder holding `x86_64/` and `i686/`: the DLLs and each size's tester beside them.
        let build: String

        var wine64: String { prefix.wine64 }

        func environment(door: String) -> [String: String] { prefix.environment(door: door) }

        /// The loader and tester of a word size (`x86_64`, `i686`); nil when this Wine cannot run it.
        func tester(_ machine: String) -> (wine: String, program: String)? {
            let wine = machine == "x86_64" ? prefix.wine64 : prefix.wine32
            return wine.map { ($0, "\(build)/\(machine)/tolk_like.exe") }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let folder = NarratorExecutable.packageRoot + "/clients/wine"
    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: Result<Setup, any Error>?

    /// The setup of this run, made at the first call; every later call gets the same (or its error).
    static func setUp() throws -> Setup {
        lock.lock()
        defer { lock.unlock() }
        if made == nil { made = Result { try make() } }
        return try made!.get()
    }

    private static func make() throws -> Setup {
        let build = NarratorExecutable.packageRoot + "/.build/wine-tests"
        let make = try #require(PrivatePulseAudio.findExecutable("make"), "make is missing")
        let built = try ChildProcess.run(make.path, ["-s", "-C", folder, "B=" + build, "all"], limit: .seconds(300))
        guard built.status == 0 else {
            throw Failure(description: "make in clients/wine failed:\n\(built.output)\n\(built.errors)")
        }
        return Setup(prefix: try PrivateWinePrefix.make(), build: build)
    }
}
