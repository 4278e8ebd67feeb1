import FoundationEssentials

/// The NVDA controller client DLLs that let Windows games under Wine speak through the narrator
/// (clients/wine, docs/WINE.md): where they are, and which of them a game takes.
struct WineDLLs {
    /// A Windows program's word size, as its PE header says.
    enum WordSize: String, CaseIterable, Sendable {
        case bits32 = "32"
        case bits64 = "64"

        /// The folder of this size's DLLs (the compiler's name for the machine).
        var folder: String { self == .bits64 ? "x86_64" : "i686" }
        /// The name only this size goes by (NVDA before 2024.1, and Tolk, load these).
        var ownName: String { "nvdaControllerClient\(rawValue).dll" }
    }

    /// The name both sizes share (NVDA 2024.1 and later ship it).
    static let sharedName = "nvdaControllerClient.dll"

    /// The folder holding `x86_64/` and `i686/`.
    let folder: String

    /// The DLLs of `size` by the names a game of that size loads: its own name and the shared one.
    func files(for size: WordSize) -> [(source: String, name: String)] {
        let built = folder + "/" + size.folder + "/"
        return [(built + size.ownName, size.ownName), (built + Self.sharedName, Self.sharedName)]
    }

    /// Where the DLLs are: `NARRATOR_WINE_DLLS`, else a checkout's `clients/wine/build` (after
    /// scripts/build), else the install's `share/narrator/wine` (scripts/install). The error says
    /// how to get them.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> WineDLLs {
        var candidates: [String] = []
        if let given = environment["NARRATOR_WINE_DLLS"], !given.isEmpty { candidates.append(given) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        let bin = folder
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                candidates.append(folder.appendingPathComponent("clients/wine/build").path)
                break
            }
            folder.deleteLastPathComponent()
        }
        candidates.append(bin.deletingLastPathComponent().appendingPathComponent("share/narrator/wine").path)
        for candidate in candidates {
            let found = WineDLLs(folder: candidate)
            if WordSize.allCases.allSatisfy({ size in
                found.files(for: size).allSatisfy { FileManager.default.fileExists(atPath: $0.source) }
            }) {
                return found
            }
        }
        throw WineError(
            "The NVDA controller client DLLs were not found (looked in \(candidates.joined(separator: ", "))). "
                + "Build them with scripts/build (it needs gcc-mingw-w64), or install with scripts/install.")
    }

    /// The word size of the Windows program at `path`, from its PE header; nil when it is not one.
    static func wordSize(ofProgram path: String) -> WordSize? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 64 else { return nil }
        let bytes = [UInt8](data.prefix(4096))
        guard bytes[0] == UInt8(ascii: "M"), bytes[1] == UInt8(ascii: "Z") else { return nil }
        let header = Int(bytes[0x3C]) | Int(bytes[0x3D]) << 8 | Int(bytes[0x3E]) << 16 | Int(bytes[0x3F]) << 24
        guard header >= 0, header + 6 <= bytes.count,
            bytes[header..<header + 4].elementsEqual([0x50, 0x45, 0, 0])
        else { return nil }
        switch UInt16(bytes[header + 4]) | UInt16(bytes[header + 5]) << 8 {
        case 0x8664: return .bits64
        case 0x014C: return .bits32
        default: return nil
        }
    }
}

/// What `narrator wine` could not do, as a sentence to act on.
struct WineError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
