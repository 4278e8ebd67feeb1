import FoundationEssentials
import NarratorLocalization

/// Where profiles are found by name, and how they load. A profile is a folder holding an
/// `events.json` and the game's tables; its name is the folder's name. A name is looked up in the
/// folder given with `--profile` (under its own name), then `$XDG_DATA_HOME/narrator/profiles`, each
/// of `$XDG_DATA_DIRS` (`.../narrator/profiles`), then the shipped `Localization` folder; the first
/// folder of that name wins.
public struct ProfileCatalog: Sendable {
    /// A folder that holds profiles, one sub-folder each.
    public struct Root: Sendable, Equatable {
        public enum Kind: String, Sendable {
            /// `$XDG_DATA_HOME/narrator/profiles`
            case user
            /// one of `$XDG_DATA_DIRS`, `.../narrator/profiles`
            case system
            /// the `Localization` folder shipped with the narrator
            case shipped
        }

        public let folder: String
        public let kind: Kind

        public init(folder: String, kind: Kind) {
            self.folder = folder
            self.kind = kind
        }
    }

    /// A profile folder that a name leads to.
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let folder: String
        /// `given` for the `--profile` folder, else the kind of root it was found in.
        public let source: String
    }

    /// A name that leads to no profile folder, or is not a name.
    public struct LookupError: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The profile clients get when they name none and no `--profile` is given.
    public static let standardDefault = "retroracing"

    public let roots: [Root]
    /// The `--profile` folder: the default profile, found under its folder's name before any root.
    public let given: Entry?
    /// The tables every profile is loaded with (the daemon's own messages).
    public let extraTables: [String]

    public init(roots: [Root], given: String? = nil, extraTables: [String] = []) {
        self.roots = roots
        self.given = given.map { Entry(name: Self.lastComponent(of: $0), folder: $0, source: "given") }
        self.extraTables = extraTables
    }

    /// No roots: only the default profile the conductor was made with can be named.
    public static let none = ProfileCatalog(roots: [])

    /// The XDG data folders of `environment`, in lookup order, then `shipped` (a `Localization`
    /// folder). Unset or empty variables take the XDG defaults; relative paths are ignored, as the
    /// XDG base directory specification says.
    public static func standardRoots(environment: [String: String], shipped: String?) -> [Root] {
        var roots: [Root] = []
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            roots.append(Root(folder: dataHome + "/narrator/profiles", kind: .user))
        } else if let home {
            roots.append(Root(folder: home + "/.local/share/narrator/profiles", kind: .user))
        }
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for folder in dataDirs.split(separator: ":") where folder.hasPrefix("/") {
            let trimmed = folder.hasSuffix("/") && folder.count > 1 ? folder.dropLast() : folder
            let root = Root(folder: trimmed + "/narrator/profiles", kind: .system)
            if !roots.contains(root) { roots.append(root) }
        }
        if let shipped { roots.append(Root(folder: shipped, kind: .shipped)) }
        return roots
    }

    /// Whether `name` can name a profile: letters, digits, `-`, `_` and `.`, not first, 1 to 64 of them.
    public static func isName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count), let first = name.utf8.first, first != UInt8(ascii: ".") else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default: false
            }
        }
    }

    /// The name of the profile for clients that name none.
    public var defaultName: String { given?.name ?? Self.standardDefault }

    /// The folder `name` leads to: the given one, else the first root holding a profile of that name.
    public func locate(_ name: String) throws(LookupError) -> Entry {
        guard Self.isName(name) else {
            throw LookupError(
                message: "\"\(name)\" is not a profile name: a name has letters, digits, \"-\", \"_\" and \".\" "
                    + "(not first), 1 to 64 of them")
        }
        if let given, given.name == name { return given }
        for root in roots {
            let folder = root.folder + "/" + name
            if Self.isProfile(folder) { return Entry(name: name, folder: folder, source: root.kind.rawValue) }
        }
        let places = roots.map { $0.folder + "/" + name }
        throw LookupError(
            message: places.isEmpty
                ? "no profile \"\(name)\" here: this narrator finds profiles by name nowhere"
                : "no profile \"\(name)\" is installed (a folder holding \(ProfileLayout.eventMap)): looked in "
                    + places.joined(separator: ", ") + "; `narrator profiles` lists what is installed")
    }

    /// Every profile of every root, in lookup order: a name found twice is listed twice, and only
    /// its first entry is the one `locate` returns.
    public func installed() -> [Entry] {
        var entries: [Entry] = given.map { [$0] } ?? []
        for root in roots {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.folder) else { continue }
            for name in names.sorted() where Self.isName(name) && Self.isProfile(root.folder + "/" + name) {
                entries.append(Entry(name: name, folder: root.folder + "/" + name, source: root.kind.rawValue))
            }
        }
        return entries
    }

    /// Loads the profile of `entry`, with the extra tables.
    public func load(_ entry: Entry) throws(Profile.LoadError) -> Profile {
        try Profile.load(folder: entry.folder, name: entry.name, extraTables: extraTables)
    }

    /// A folder with an `events.json` in it.
    static func isProfile(_ folder: String) -> Bool {
        let type = try? FileManager.default.attributesOfItem(atPath: folder)[.type] as? FileAttributeType
        return type == .typeDirectory
            && FileManager.default.fileExists(atPath: ProfileLayout.path(of: ProfileLayout.eventMap, in: folder))
    }

    static func lastComponent(of folder: String) -> String {
        let parts = folder.split(separator: "/")
        return parts.last.map(String.init) ?? folder
    }
}
