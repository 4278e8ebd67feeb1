import FoundationEssentials
import NarratorLocalization

/// Finds and reads the tables, event maps and sound books `narrator lint` checks.
enum LintInputs {
    /// A file's path as the user will recognize it, and its bytes.
    struct Table {
        var path: String
        var bytes: [UInt8]
    }

    /// An event map and the tables of its own folder, which it is checked against (a profile
    /// folder holds a game's tables and its `events.json`).
    struct EventMapFile {
        var path: String
        var bytes: [UInt8]
        var tables: [Table]
        /// The `sounds.json` of the map's folder, which the sounds it names must be in; nil when
        /// the folder has none.
        var sounds: Table?
    }

    /// What one run checks: tables with their allow lists, event maps, and sound books.
    struct Inputs {
        var tables: [Table] = []
        /// `<Table>.lint.json` files: the warnings a table's translators allowed.
        var allowLists: [Table] = []
        var maps: [EventMapFile] = []
        var books: [Table] = []

        /// Adds a table and the allow list beside it, once each.
        mutating func addTable(_ table: Table) throws {
            guard !tables.contains(where: { $0.path == table.path }) else { return }
            tables.append(table)
            let list = AllowList.path(forTable: table.path)
            if FileManager.default.fileExists(atPath: list), !allowLists.contains(where: { $0.path == list }) {
                allowLists.append(try read(list))
            }
        }
    }

    /// Reads every table, event map and sound book named by `paths` (files, or folders searched
    /// recursively for the files of profiles: `ProfileLayout` names them and says what each is); with
    /// no paths, the shipped ones. A file named directly is taken for what its name says, except that
    /// any `.json` file that is no other kind is an event map (a map may be tried out under another
    /// name), checked against the tables and the sound book beside it. Throws a usage error naming the
    /// path that cannot be read.
    static func collect(_ paths: [String]) throws -> Inputs {
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
        var inputs = Inputs()
        for root in roots {
            guard FileManager.default.fileExists(atPath: root) else {
                throw LintUsageError("\(root) does not exist")
            }
            if isFolder(root) {
                try collectFolder(root, into: &inputs)
                continue
            }
            switch ProfileLayout.kind(of: root) {
            case .allowList:
                // An allow list is checked with its table.
                let table = ProfileLayout.table(forAllowList: root)
                guard FileManager.default.fileExists(atPath: table) else {
                    throw LintUsageError("\(root) is an allow list, but there is no table \(table) beside it")
                }
                try inputs.addTable(try read(table))
                if !inputs.allowLists.contains(where: { $0.path == root }) { inputs.allowLists.append(try read(root)) }
            case .soundBook:
                inputs.books.append(try read(root))
            case .eventMap:
                try addMap(root, into: &inputs)
            case .table, nil:
                if root.hasSuffix(".json") {
                    try addMap(root, into: &inputs)
                } else {
                    try inputs.addTable(try read(root))
                }
            }
        }
        return inputs
    }

    /// An event map named directly, with the tables and the sound book of its folder.
    private static func addMap(_ path: String, into inputs: inout Inputs) throws {
        let folder = parent(of: path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw LintUsageError("cannot list the folder \(folder)")
        }
        let beside = names.filter { ProfileLayout.kind(of: $0) == .table }.sorted()
        let tables = try beside.map { try read(join(folder, $0)) }
        let map = try read(path)
        let sounds =
            try names.contains(ProfileLayout.soundBook) ? read(join(folder, ProfileLayout.soundBook)) : nil
        inputs.maps.append(EventMapFile(path: map.path, bytes: map.bytes, tables: tables, sounds: sounds))
    }

    private static func collectFolder(_ root: String, into inputs: inout Inputs) throws {
        let found = try listing(root).sorted()
        let byKind = Dictionary(grouping: found) { ProfileLayout.kind(of: $0) }
        let tablePaths = byKind[.table] ?? []
        let mapPaths = byKind[.eventMap] ?? []
        let bookPaths = byKind[.soundBook] ?? []
        guard !tablePaths.isEmpty || !mapPaths.isEmpty || !bookPaths.isEmpty else {
            throw LintUsageError(
                "no \(ProfileLayout.tableExtension) tables, \(ProfileLayout.eventMap) event maps or "
                    + "\(ProfileLayout.soundBook) sound books under \(root)")
        }
        let tables = try tablePaths.map { try read(join(root, $0)) }
        let books = try bookPaths.map { try read(join(root, $0)) }
        for table in tables { try inputs.addTable(table) }
        // Allow lists without their table are read too, so that lint says so.
        for list in (byKind[.allowList] ?? []).map({ join(root, $0) })
        where !inputs.allowLists.contains(where: { $0.path == list }) {
            inputs.allowLists.append(try read(list))
        }
        inputs.books += books
        for mapPath in mapPaths {
            let folder = parent(of: join(root, mapPath))
            let map = try read(join(root, mapPath))
            let beside = tables.filter { parent(of: $0.path) == folder }
            let sounds = books.first { parent(of: $0.path) == folder }
            inputs.maps.append(EventMapFile(path: map.path, bytes: map.bytes, tables: beside, sounds: sounds))
        }
    }

    /// Reads a file named relative to the folder of `book`: how a sound book's WAV files are found.
    static func fileBeside(_ book: String, named name: String) throws -> [UInt8] {
        try read(join(parent(of: book), name)).bytes
    }

    static func read(_ path: String) throws -> Table {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LintUsageError("cannot read \(path): check that it exists and is readable")
        }
        return Table(path: path, bytes: Array(data))
    }

    /// Every file below `folder`, as paths relative to it.
    private static func listing(_ folder: String) throws -> [String] {
        guard let walker = try? FileManager.default.subpathsOfDirectory(atPath: folder) else {
            throw LintUsageError("cannot list the folder \(folder)")
        }
        return walker
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folder part of a path as written ("." for a bare file name), so paths stay as the user typed them.
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
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
