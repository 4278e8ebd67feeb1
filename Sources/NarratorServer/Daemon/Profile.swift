import FoundationEssentials
public import NarratorCore
public import NarratorLocalization

/// What a game brings: its tables and its event map, with the daemon's own table beside them.
/// Loaded as a whole, so a reload either replaces everything or nothing.
public struct Profile: Sendable {
    /// A profile that could not be loaded: the file, and what is wrong with it.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The name clients use for it (`hello`'s `profile`): its folder's name unless given.
    public let name: String
    public let folder: String
    public let localizer: Localizer
    public let eventMap: EventMap
    /// The earcons of `sounds.json` (docs/SOUNDS.md); empty when the profile has none.
    public let sounds: SoundBook

    public init(localizer: Localizer, eventMap: EventMap, sounds: SoundBook? = nil, folder: String, name: String? = nil)
    {
        self.name = name ?? ProfileCatalog.lastComponent(of: folder)
        self.localizer = localizer
        self.eventMap = eventMap
        self.sounds = sounds ?? SoundBook(emptyNamed: ProfileLayout.path(of: ProfileLayout.soundBook, in: folder))
        self.folder = folder
    }

    /// Loads every `.xcstrings` table, the `events.json` and, when there is one, the `sounds.json`
    /// of `folder`, plus `extraTables` (the daemon's own messages).
    public static func load(folder: String, name: String? = nil, extraTables: [String] = []) throws(LoadError)
        -> Profile
    {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: folder) else {
            throw LoadError(
                path: folder,
                reason: "cannot read the folder; a profile is a folder with tables and \(ProfileLayout.eventMap)")
        }
        let tablePaths =
            names.filter { ProfileLayout.kind(of: $0) == .table }.sorted().map {
                ProfileLayout.path(of: $0, in: folder)
            }
            + extraTables
        guard !tablePaths.isEmpty else {
            throw LoadError(path: folder, reason: "holds no \(ProfileLayout.tableExtension) table")
        }
        var catalogs: [StringCatalog] = []
        for path in tablePaths {
            let bytes = try read(path)
            do {
                catalogs.append(try StringCatalog(name: path, bytes: bytes))
            } catch {
                throw LoadError(path: path, reason: "\(error)")
            }
        }
        let localizer: Localizer
        do {
            localizer = try Localizer(catalogs: catalogs)
        } catch {
            throw LoadError(path: folder, reason: "\(error)")
        }
        let mapPath = ProfileLayout.path(of: ProfileLayout.eventMap, in: folder)
        let eventMap: EventMap
        do {
            eventMap = try EventMap(name: mapPath, bytes: try read(mapPath))
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(path: mapPath, reason: "\(error)")
        }
        return Profile(
            localizer: localizer, eventMap: eventMap, sounds: try loadSounds(folder), folder: folder, name: name)
    }

    /// The sound book of a profile folder, its WAV files read from beside it; nil when it has none.
    public static func loadSounds(_ folder: String) throws(LoadError) -> SoundBook? {
        let path = ProfileLayout.path(of: ProfileLayout.soundBook, in: folder)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let bytes = try read(path)
        do {
            return try SoundBook(name: path, bytes: bytes) { name in
                guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
                    throw LoadError(path: folder + "/" + name, reason: "cannot be read")
                }
                return [UInt8](data)
            }
        } catch {
            throw LoadError(path: path, reason: "\(error)")
        }
    }

    private static func read(_ path: String) throws(LoadError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(path: path, reason: "cannot be read")
        }
        return [UInt8](data)
    }
}
