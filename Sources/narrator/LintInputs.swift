import Foundation

/// Finds and reads the tables `narrator lint` checks.
enum LintInputs {
    /// A table's path as the user will recognize it, and its bytes.
    struct Table {
        var path: String
        var bytes: [UInt8]
    }

    /// Reads every table named by `paths` (files, or folders searched recursively for
    /// `.xcstrings`); with no paths, the shipped tables. Throws a usage error naming the path
    /// that cannot be read.
    static func collect(_ paths: [String]) throws -> [Table] {
        let roots: [String]
        if paths.isEmpty {
            guard let shipped = shippedLocalizationFolder() else {
                throw LintUsageError(
                    "no PATH given and no Localization folder found (looked in ./Localization, above the "
                        + "executable, and in ../share/narrator next to it): name the tables to check")
            }
            roots = [shipped]
        } else {
            roots = paths
        }
        var tables: [Table] = []
        for root in roots {
            for path in try files(under: root) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw LintUsageError("cannot read \(path): check that it exists and is readable")
                }
                tables.append(Table(path: path, bytes: Array(data)))
            }
        }
        return tables
    }

    private static func files(under root: String) throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
            throw LintUsageError("\(root) does not exist")
        }
        guard isFolder.boolValue else { return [root] }
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw LintUsageError("cannot list the folder \(root)")
        }
        let base = root.hasSuffix("/") ? root : root + "/"
        let found = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".xcstrings") }.sorted().map { base + $0 }
        guard !found.isEmpty else { throw LintUsageError("no .xcstrings tables under \(root)") }
        return found
    }

    /// `./Localization`, else a `Localization` folder in a parent of the executable's folder (a
    /// package build: `.build/debug/narrator`), else `../share/narrator/Localization` (an install).
    static func shippedLocalizationFolder() -> String? {
        let manager = FileManager.default
        func isFolder(_ path: String) -> Bool {
            var folder: ObjCBool = false
            return manager.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
        }
        if isFolder("Localization") { return "Localization" }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        let binFolder = folder
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("Localization").path
            if isFolder(candidate), manager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        let installed = binFolder.deletingLastPathComponent().appendingPathComponent("share/narrator/Localization").path
        return isFolder(installed) ? installed : nil
    }
}
