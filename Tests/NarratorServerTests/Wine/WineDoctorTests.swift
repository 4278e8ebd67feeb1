import Foundation
import NarratorTestSupport
import Testing

/// `narrator wine doctor` against a real daemon: every check ok on a setup that works, and each
/// broken part named with what to do.
@Suite("narrator wine doctor")
struct WineDoctorTests {
    /// A prefix as Wine lays one out, the narrator's stand-in DLLs installed by `narrator wine install`.
    static func prefix(in folder: String, dlls: String) throws -> String {
        let prefix = folder + "/pfx"
        for system in ["system32", "syswow64"] {
            try FileManager.default.createDirectory(
                atPath: prefix + "/drive_c/windows/" + system, withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(atPath: prefix + "/dosdevices", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: prefix + "/dosdevices/z:", withDestinationPath: "/")
        try "WINE REGISTRY Version 2\n".write(toFile: prefix + "/user.reg", atomically: true, encoding: .utf8)
        for machine in ["x86_64", "i686"] {
            try FileManager.default.createDirectory(atPath: dlls + "/" + machine, withIntermediateDirectories: true)
            let own = machine == "x86_64" ? "nvdaControllerClient64.dll" : "nvdaControllerClient32.dll"
            for name in [own, "nvdaControllerClient.dll"] {
                try "\(machine) \(name)".write(toFile: "\(dlls)/\(machine)/\(name)", atomically: true, encoding: .utf8)
            }
        }
        let install = try doctorRun(["wine", "install", "--prefix", prefix], dlls: dlls)
        #expect(install.status == 0, "\(install.output)\(install.errors)")
        return prefix
    }

    static func doctorRun(_ arguments: [String], dlls: String) throws -> ChildProcess.Finished {
        let binary = try #require(NarratorExecutable.path())
        return try ChildProcess.run(
            binary, arguments, input: "",
            environment: ProcessInfo.processInfo.environment.merging(["NARRATOR_WINE_DLLS": dlls]) { $1 })
    }

    @Test("A daemon with its door and an installed prefix: every check ok, exit 0")
    func healthy() throws {
        let daemon = try DaemonProcess(arguments: ["--output", "null", "--wine"])
        defer { _ = daemon.stop() }
        let dlls = daemon.folder + "/dlls"
        let prefix = try Self.prefix(in: daemon.folder, dlls: dlls)
        let run = try Self.doctorRun(["wine", "doctor", "--socket", daemon.socket, "--prefix", prefix], dlls: dlls)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let names = run.output.split(separator: "\n").filter { $0.hasPrefix("ok ") }.map {
            $0.dropFirst(5).prefix { $0 != ":" }
        }
        #expect(
            names == [
                "DLLs", "narrator", "Wine door", "door answers", "prefix", "prefix DLLs", "overrides", "Z drive",
            ])
    }

    @Test("Each broken part is named with what to do: no door, a DLL replaced, no Z: drive, no narrator")
    func broken() throws {
        let daemon = try DaemonProcess(arguments: ["--output", "null"])
        let dlls = daemon.folder + "/dlls"
        let prefix = try Self.prefix(in: daemon.folder, dlls: dlls)
        try "other".write(
            toFile: prefix + "/drive_c/windows/syswow64/nvdaControllerClient32.dll", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: prefix + "/dosdevices/z:")
        let run = try Self.doctorRun(["wine", "doctor", "--socket", daemon.socket, "--prefix", prefix], dlls: dlls)
        #expect(run.status == 1)
        let fixes = run.output.split(separator: "\n").filter { $0.hasPrefix("fix ") }
        #expect(fixes.count == 3, "\(run.output)")
        #expect(fixes.contains { $0.contains("Wine door") && $0.contains("narrator serve --wine") })
        #expect(fixes.contains { $0.contains("prefix DLLs") && $0.contains("syswow64/nvdaControllerClient32.dll") })
        #expect(fixes.contains { $0.contains("Z drive") })
        _ = daemon.stop()
        let gone = try Self.doctorRun(["wine", "doctor", "--socket", daemon.socket, "--prefix", prefix], dlls: dlls)
        #expect(gone.status == 1 && gone.output.contains("fix  narrator"), "\(gone.output)")
    }
}
