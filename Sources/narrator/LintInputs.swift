import FoundationEssentials

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
        guard FileManager.default.fileExists(atPath: root) else {
            throw LintUsageError("\(root) does not exist")
        }
        guard isFolder(root) else { return [root] }
        guard let walker = try? FileManager.default.subpathsOfDirectory(atPath: root) else {
            throw LintUsageError("cannot list the folder \(root)")
        }
        let base = root.hasSuffix("/") ? root : root + "/"
        let found = walker.filter { $0.hasSuffix(".xcstrings") }.sorted().map { base + $0 }
        guard !found.isEmpty else { throw LintUsageError("no .xcstrings tables under \(root)") }
        return found
    }

    /// `./Localization`, else a `Localization` folder in a parent of the executable's folder (a
    /// package build: `.build/debug/narrator`), else `../share/narrator/Localization` (an install).
    static func shippedLocalizationFolder() -> String? {
        let manager = FileManager.default
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

    private static func isFolder(_ path: String) -> Bool {
        let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
        return type == .typeDirectory
    }
}
