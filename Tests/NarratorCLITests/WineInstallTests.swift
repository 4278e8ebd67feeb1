import Foundation
import NarratorTestSupport
import Testing

/// `narrator wine install`, on folders and prefixes laid out as Wine lays them out, with stand-in
/// DLLs (`NARRATOR_WINE_DLLS`): what goes where, what is kept, and what is refused. The real DLLs
/// under real Wine are WineBridgeTests'.
@Suite("narrator wine install")
struct WineInstallTests {
    /// A folder of stand-in DLLs, each file's text naming its word size and name.
    static func standIns(in folder: String) throws -> String {
        let root = folder + "/dlls"
        for (machine, own) in [("x86_64", "nvdaControllerClient64.dll"), ("i686", "nvdaControllerClient32.dll")] {
            try FileManager.default.createDirectory(atPath: root + "/" + machine, withIntermediateDirectories: true)
            for name in [own, "nvdaControllerClient.dll"] {
                try "\(machine) \(name)".write(toFile: "\(root)/\(machine)/\(name)", atomically: true, encoding: .utf8)
            }
        }
        return root
    }

    /// The smallest file whose PE header says `machine` (0x8664 x86_64, 0x14c i386).
    static func program(machine: UInt16) -> Data {
        var bytes = [UInt8](repeating: 0, count: 128)
        bytes[0] = UInt8(ascii: "M")
        bytes[1] = UInt8(ascii: "Z")
        bytes[0x3C] = 64
        bytes.replaceSubrange(64..<68, with: [0x50, 0x45, 0, 0])
        bytes[68] = UInt8(machine & 0xFF)
        bytes[69] = UInt8(machine >> 8)
        return Data(bytes)
    }

    static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test(
        "Beside a 32-bit game: both own names, the shared name 32-bit; the game's own DLL is kept as .orig",
        arguments: [
            (UInt16(0x014C), "i686"), (UInt16(0x8664), "x86_64"),
        ])
    func besideAGame(machine: UInt16, shared: String) throws {
        try withTemporaryFolder { folder in
            let dlls = try Self.standIns(in: folder)
            let game = folder + "/game"
            try FileManager.default.createDirectory(atPath: game, withIntermediateDirectories: true)
            try Self.program(machine: machine).write(to: URL(fileURLWithPath: game + "/Game.exe"))
            try "NVDA's own".write(toFile: game + "/nvdaControllerClient64.dll", atomically: true, encoding: .utf8)
            let run = try NarratorBinary.run(["wine", "install", game], environment: ["NARRATOR_WINE_DLLS": dlls])
            #expect(run.status == 0, "\(run.transcript)")
            #expect(Self.text(game + "/nvdaControllerClient.dll") == "\(shared) nvdaControllerClient.dll")
            #expect(Self.text(game + "/nvdaControllerClient32.dll") == "i686 nvdaControllerClient32.dll")
            #expect(Self.text(game + "/nvdaControllerClient64.dll") == "x86_64 nvdaControllerClient64.dll")
            #expect(Self.text(game + "/nvdaControllerClient64.dll.orig") == "NVDA's own")
            // Again: nothing changes, and the first original stays.
            let again = try NarratorBinary.run(["wine", "install", game], environment: ["NARRATOR_WINE_DLLS": dlls])
            #expect(again.status == 0 && again.output.contains("already the narrator's"))
            #expect(Self.text(game + "/nvdaControllerClient64.dll.orig") == "NVDA's own")
        }
    }

    @Test("A folder whose executables do not say one word size needs --word-size")
    func wordSizeUnknown() throws {
        try withTemporaryFolder { folder in
            let dlls = try Self.standIns(in: folder)
            let environment = ["NARRATOR_WINE_DLLS": dlls]
            let run = try NarratorBinary.run(["wine", "install", folder], environment: environment)
            #expect(run.status != 0 && run.errors.contains("--word-size 32 or 64"), "\(run.transcript)")
            let given = try NarratorBinary.run(
                ["wine", "install", folder, "--word-size", "64"], environment: environment)
            #expect(given.status == 0, "\(given.transcript)")
            #expect(Self.text(folder + "/nvdaControllerClient.dll") == "x86_64 nvdaControllerClient.dll")
        }
    }

    @Test("Into a 64-bit prefix: 64-bit DLLs in system32, 32-bit in syswow64, overrides native, other lines kept")
    func intoAPrefix() throws {
        try withTemporaryFolder { folder in
            let dlls = try Self.standIns(in: folder)
            let prefix = folder + "/pfx"
            for system in ["system32", "syswow64"] {
                try FileManager.default.createDirectory(
                    atPath: prefix + "/drive_c/windows/" + system, withIntermediateDirectories: true)
            }
            let registry = """
                WINE REGISTRY Version 2
                ;; All keys relative to \\\\User\\\\S-1-5-21-0-0-0-1000

                [Software\\\\Wine\\\\DllOverrides] 1700000000
                #time=1da0000000000000
                "d3d9"="native,builtin"
                "nvdaControllerClient64"="builtin"

                [Software\\\\Wine\\\\Drivers] 1700000000
                "Graphics"="null"

                """
            try registry.write(toFile: prefix + "/user.reg", atomically: true, encoding: .utf8)
            let run = try NarratorBinary.run(
                ["wine", "install", "--prefix", prefix], environment: ["NARRATOR_WINE_DLLS": dlls])
            #expect(run.status == 0, "\(run.transcript)")
            let system32 = prefix + "/drive_c/windows/system32/"
            let syswow64 = prefix + "/drive_c/windows/syswow64/"
            #expect(Self.text(system32 + "nvdaControllerClient.dll") == "x86_64 nvdaControllerClient.dll")
            #expect(Self.text(system32 + "nvdaControllerClient64.dll") == "x86_64 nvdaControllerClient64.dll")
            #expect(Self.text(syswow64 + "nvdaControllerClient.dll") == "i686 nvdaControllerClient.dll")
            #expect(Self.text(syswow64 + "nvdaControllerClient32.dll") == "i686 nvdaControllerClient32.dll")
            let written = try #require(Self.text(prefix + "/user.reg"))
            for name in ["nvdaControllerClient", "nvdaControllerClient32", "nvdaControllerClient64"] {
                #expect(written.components(separatedBy: "\"\(name)\"=").count == 2, "\(name) once")
                #expect(written.contains("\"\(name)\"=\"native\""))
            }
            #expect(written.contains(#""d3d9"="native,builtin""#))
            #expect(written.contains("[Software\\\\Wine\\\\Drivers] 1700000000\n\"Graphics\"=\"null\""))
            #expect(written.hasPrefix("WINE REGISTRY Version 2\n"))
        }
    }

    @Test("A folder that Wine never set up is refused, saying how to set it up")
    func notAPrefix() throws {
        try withTemporaryFolder { folder in
            let dlls = try Self.standIns(in: folder)
            let run = try NarratorBinary.run(
                ["wine", "install", "--prefix", folder], environment: ["NARRATOR_WINE_DLLS": dlls])
            #expect(run.status != 0 && run.errors.contains("wineboot -i"), "\(run.transcript)")
        }
    }
}
