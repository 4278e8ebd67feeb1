import FoundationEssentials

/// A headless Wine prefix of its own, for the tests and benchmarks of the Wine bridge (clients/wine):
/// `wineboot -i`, then the null graphics driver (under which a hidden window can be created and
/// found), then every program of the prefix ended so the next starts with that driver, and a server
/// started for the prefix and kept a minute after its last program (a server that a tested program
/// started would hold that program's output pipe open after it exits). Made in ~6-15 s.
public struct PrivateWinePrefix: Sendable {
    /// The 64-bit loader, and the 32-bit one when Debian's wine32 is installed.
    public let wine64: String
    public let wine32: String?
    public let path: String

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// What a Windows program run in this prefix needs; `door` is the narrator's door file.
    public func environment(door: String) -> [String: String] {
        [
            "WINEPREFIX": path, "WINEDEBUG": "-all", "WINEDLLOVERRIDES": "mscoree,mshtml=",
            "NARRATOR_WINE_DOOR": door,
        ]
    }

    /// The 64-bit loader: on PATH, else where Debian's wine64 package puts it.
    public static func findWine64() -> String? {
        let onPath: String? = PrivatePulseAudio.findExecutable("wine64").map { $0.path }
        let candidates: [String?] = [onPath, "/usr/lib/wine/wine64"]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Makes a new prefix in the system's temporary folder.
    public static func make() throws -> PrivateWinePrefix {
        guard let wine64 = findWine64() else {
            throw Failure(description: "wine64 is not installed (scripts/install-deps.sh --test installs it)")
        }
        let bin = URL(fileURLWithPath: wine64).deletingLastPathComponent()
        let wine32 = bin.appendingPathComponent("wine").path
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "narrator-wine-\(UInt32.random(in: 0...UInt32.max))"
        ).path
        let environment = ProcessInfo.processInfo.environment.merging([
            "WINEPREFIX": path, "WINEDEBUG": "-all", "WINEDLLOVERRIDES": "mscoree,mshtml=",
        ]) { $1 }
        let server = bin.appendingPathComponent("wineserver").path
        for (program, arguments) in [
            (wine64, ["wineboot", "-i"]),
            (wine64, ["reg", "add", #"HKCU\Software\Wine\Drivers"#, "/v", "Graphics", "/d", "null", "/f"]),
            // The desktop that wineboot started knows no null driver: every program of the prefix
            // ends, and the registry is saved, before the next starts.
            (server, ["-k"]), (server, ["-w"]),
            (server, ["-p60"]),
        ] {
            let run = try ChildProcess.run(program, arguments, environment: environment, limit: .seconds(120))
            guard run.status == 0 else {
                throw Failure(description: "\(program) \(arguments) failed (\(run.status)):\n\(run.errors)")
            }
        }
        return PrivateWinePrefix(
            wine64: wine64, wine32: FileManager.default.isExecutableFile(atPath: wine32) ? wine32 : nil, path: path)
    }
}
