import Foundation
import NarratorTestSupport
import Testing

/// Real Wine for the bridge's tests: the DLLs and the Tolk-like tester built with mingw-w64
/// (clients/wine), and one headless prefix for the run, made once: `wineboot -i` with the null
/// graphics driver, under which the DLL's hidden window can be created and found.
enum WineHarness {
    struct Setup: Sendable {
        /// The 64-bit loader, and the 32-bit one when the 32-bit Wine is installed.
        let wine64: String
        let wine32: String?
        /// The folder holding `x86_64/` and `i686/`: the DLLs and each size's tester beside them.
        let build: String
        let prefix: String

        /// What a Windows program of the tests runs with; `door` is the daemon's door file.
        func environment(door: String) -> [String: String] {
            [
                "WINEPREFIX": prefix, "WINEDEBUG": "-all", "WINEDLLOVERRIDES": "mscoree,mshtml=",
                "NARRATOR_WINE_DOOR": door,
            ]
        }

        /// The loader and tester of a word size (`x86_64`, `i686`); nil when this Wine cannot run it.
        func tester(_ machine: String) -> (wine: String, program: String)? {
            let wine = machine == "x86_64" ? wine64 : wine32
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

    /// The 64-bit loader: on PATH, else where Debian's wine64 package puts it.
    static func wine64() -> String? {
        let onPath: String? = PrivatePulseAudio.findExecutable("wine64").map { $0.path }
        let candidates: [String?] = [onPath, "/usr/lib/wine/wine64"]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func make() throws -> Setup {
        guard let wine64 = wine64() else {
            throw Failure(description: "wine64 is not installed (scripts/install-deps.sh --test installs it)")
        }
        let wine32 = (wine64 as NSString).deletingLastPathComponent + "/wine"
        let build = NarratorExecutable.packageRoot + "/.build/wine-tests"
        let make = try #require(PrivatePulseAudio.findExecutable("make"), "make is missing")
        let built = try ChildProcess.run(make.path, ["-s", "-C", folder, "B=" + build, "all"], limit: .seconds(300))
        guard built.status == 0 else {
            throw Failure(description: "make in clients/wine failed:\n\(built.output)\n\(built.errors)")
        }
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent(
            "narrator-wine-\(UUID().uuidString.prefix(8))"
        ).path
        let environment = ProcessInfo.processInfo.environment.merging([
            "WINEPREFIX": prefix, "WINEDEBUG": "-all", "WINEDLLOVERRIDES": "mscoree,mshtml=",
        ]) { $1 }
        try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
        let server = (wine64 as NSString).deletingLastPathComponent + "/wineserver"
        for (program, arguments) in [
            // The prefix's server, started first and kept a minute after its last program: a server
            // that a tester started would hold the tester's output pipe open after it exits.
            (server, ["-p60"]),
            (wine64, ["wineboot", "-i"]),
            (wine64, ["reg", "add", #"HKCU\Software\Wine\Drivers"#, "/v", "Graphics", "/d", "null", "/f"]),
        ] {
            let run = try ChildProcess.run(program, arguments, environment: environment, limit: .seconds(120))
            guard run.status == 0 else {
                throw Failure(description: "\(program) \(arguments) failed (\(run.status)):\n\(run.errors)")
            }
        }
        return Setup(
            wine64: wine64, wine32: FileManager.default.isExecutableFile(atPath: wine32) ? wine32 : nil,
            build: build, prefix: prefix)
    }
}
