import FoundationEssentials

/// A Wine prefix (`WINEPREFIX`, `~/.wine`, or a Proton prefix `steamapps/compatdata/APPID/pfx`): where
/// its Windows system folders are, and its DLL overrides, read and written in `user.reg` as text.
/// Wine rewrites that file when its server stops, so a change is made while no program of the prefix runs.
struct WinePrefix {
    let path: String

    /// The folder of the prefix's own word size: 64-bit DLLs in a 64-bit prefix.
    var system32: String { path + "/drive_c/windows/system32" }
    /// A 64-bit prefix's folder of 32-bit DLLs; nil in a 32-bit prefix.
    var syswow64: String? {
        let folder = path + "/drive_c/windows/syswow64"
        return FileManager.default.fileExists(atPath: folder) ? folder : nil
    }
    var userRegistry: String { path + "/user.reg" }

    /// Checks that `path` is a prefix Wine has set up.
    init(_ path: String) throws {
        self.path = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        guard FileManager.default.fileExists(atPath: system32), FileManager.default.fileExists(atPath: userRegistry)
        else {
            throw WineError(
                "\(path) is not a Wine prefix that Wine has set up (no drive_c/windows/system32 or user.reg). Run "
                    + "`WINEPREFIX=\(path) wineboot -i`, or start the game once under Proton, then try again.")
        }
    }

    /// The prefix of this environment when none is given: `WINEPREFIX`, else `~/.wine`.
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let given = environment["WINEPREFIX"], !given.isEmpty { return given }
        return environment["HOME"].map { $0 + "/.wine" }
    }

    /// Where each DLL of each word size goes in this prefix.
    func targets(of dlls: WineDLLs) -> [(source: String, target: String)] {
        var placed: [(String, String)] = []
        if let syswow64 {
            placed += dlls.files(for: .bits64).map { ($0.source, system32 + "/" + $0.name) }
            placed += dlls.files(for: .bits32).map { ($0.source, syswow64 + "/" + $0.name) }
        } else {
            placed += dlls.files(for: .bits32).map { ($0.source, system32 + "/" + $0.name) }
        }
        return placed
    }

    /// The overrides the narrator sets: the DLLs load from the prefix (native), by each name.
    static let overrides = ["nvdaControllerClient", "nvdaControllerClient32", "nvdaControllerClient64"]
    static let section = #"[Software\\Wine\\DllOverrides]"#

    /// The prefix's override for `name`, as `user.reg` holds it (`native`, `builtin`, `""`...).
    func override(of name: String) -> String? {
        guard let text = try? String(contentsOfFile: userRegistry, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(Self.section) }) else { return nil }
        let key = "\"\(name)\"="
        for line in lines[(start + 1)...] {
            if line.hasPrefix("[") { break }
            if line.lowercased().hasPrefix(key.lowercased()) {
                let value = line.dropFirst(key.count)
                return String(value.hasPrefix("\"") && value.hasSuffix("\"") ? value.dropFirst().dropLast() : value)
            }
        }
        return nil
    }

    /// Sets every override of `overrides` to `native`, keeping every other line of `user.reg`.
    func setOverrides() throws {
        let text = try String(contentsOfFile: userRegistry, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let wanted = Self.overrides.map { "\"\($0)\"=\"native\"" }
        if let start = lines.firstIndex(where: { $0.hasPrefix(Self.section) }) {
            var end = start + 1
            while end < lines.count, !lines[end].hasPrefix("["), !lines[end].isEmpty { end += 1 }
            let kept = lines[(start + 1)..<end].filter { line in
                !Self.overrides.contains { line.lowercased().hasPrefix("\"\($0.lowercased())\"=") }
            }
            lines.replaceSubrange((start + 1)..<end, with: kept + wanted)
        } else {
            if lines.last == "" { lines.removeLast() }
            lines += ["", "\(Self.section) \(Int(Date().timeIntervalSince1970))"] + wanted + [""]
        }
        try lines.joined(separator: "\n").write(toFile: userRegistry, atomically: true, encoding: .utf8)
    }
}
