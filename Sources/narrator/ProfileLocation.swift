import ArgumentParser
import FoundationEssentials
import NarratorLocalization
import NarratorServer

/// Where the games' profiles and the daemon's own table are.
enum ProfileLocation {
    /// The profiles of this user's environment: the `--profile` folder (`given`), the XDG data
    /// folders, the shipped `Localization` folder; every profile loads with the daemon's own table.
    static func catalog(given: String?) -> ProfileCatalog {
        let shipped = LintInputs.shippedLocalizationFolder()
        let own = shipped.map { [ProfileLayout.path(of: ProfileLayout.daemonTable, in: $0)] } ?? []
        let roots = ProfileCatalog.standardRoots(environment: ProcessInfo.processInfo.environment, shipped: shipped)
        return ProfileCatalog(roots: roots, given: given, extraTables: own)
    }

    /// The default profile of `catalog`: the given folder, else the profile named `retroracing`.
    static func defaultEntry(_ catalog: ProfileCatalog) throws -> ProfileCatalog.Entry {
        do {
            return try catalog.locate(catalog.defaultName)
        } catch {
            throw ValidationError("\(error.message). Give a profile folder with --profile DIR.")
        }
    }

    /// A profile folder named on the command line: `given` itself when it is a folder, else the
    /// installed profile of that name (nil: neither).
    static func folder(named given: String, in catalog: ProfileCatalog) -> String? {
        let type = try? FileManager.default.attributesOfItem(atPath: given)[.type] as? FileAttributeType
        if type == .typeDirectory { return given }
        return try? catalog.locate(given).folder
    }
}
