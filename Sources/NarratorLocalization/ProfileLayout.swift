/// The files of a profile folder, by name: the one place that says what each file is called.
///
/// A profile is a folder holding a game's string tables (`Game.xcstrings`, any number), its event map
/// (`events.json`, which makes the folder a profile) and, optionally, its sound book (`sounds.json`,
/// with the WAV files it names beside it). Beside a table may sit its allow list (`Game.lint.json`),
/// which only `narrator lint` reads. The daemon's loader, the catalog of installed profiles and lint's
/// file finding all take the names from here; lint asks `kind(of:)` what a file is rather than
/// knowing each name itself. Here, in the lowest module that needs a name (the allow lists').
public enum ProfileLayout {
    /// What a file of a profile folder is.
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// A String Catalog of the game's or the daemon's phrases.
        case table
        /// The warnings a table's translators allowed (lint only).
        case allowList
        case eventMap
        case soundBook
    }

    /// The event map's file name; a folder that holds one is a profile.
    public static let eventMap = "events.json"
    /// The sound book's file name; a profile without one has no sounds.
    public static let soundBook = "sounds.json"
    /// How a table's file name ends.
    public static let tableExtension = ".xcstrings"
    /// How an allow list's file name ends; the rest of its name is its table's.
    public static let allowListExtension = ".lint.json"
    /// The daemon's own table (its notices), relative to the folder of shipped profiles: every
    /// profile is loaded with it.
    public static let daemonTable = "narrator/Narrator" + tableExtension

    /// What the file at `path` (a name, or a path ending in one) is, by its name; nil for any other
    /// file (a WAV file, a README).
    public static func kind(of path: String) -> Kind? {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        if name == eventMap { return .eventMap }
        if name == soundBook { return .soundBook }
        if name.hasSuffix(allowListExtension) { return .allowList }
        if name.hasSuffix(tableExtension) { return .table }
        return nil
    }

    /// The path in `folder` of the file called `name`.
    public static func path(of name: String, in folder: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The allow list that goes with a table: `Game.lint.json` for `Game.xcstrings`, in its folder.
    public static func allowList(forTable table: String) -> String {
        (table.hasSuffix(tableExtension) ? String(table.dropLast(tableExtension.count)) : table)
            + allowListExtension
    }

    /// The table an allow list goes with: `Game.xcstrings` for `Game.lint.json`, in its folder.
    public static func table(forAllowList list: String) -> String {
        (list.hasSuffix(allowListExtension) ? String(list.dropLast(allowListExtension.count)) : list)
            + tableExtension
    }
}
