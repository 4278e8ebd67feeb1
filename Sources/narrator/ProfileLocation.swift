import ArgumentParser

/// Where the game's profile and the daemon's own table are.
enum ProfileLocation {
    /// The profile folder (given, or the shipped RetroRacing one) and the daemon's own table, if found.
    static func resolve(_ given: String?) throws -> (folder: String, ownTable: [String]) {
        let shipped = LintInputs.shippedLocalizationFolder()
        let own = shipped.map { ["\($0)/narrator/Narrator.xcstrings"] } ?? []
        if let given { return (given, own) }
        guard let shipped else {
            throw ValidationError("No Localization folder found; give the game's tables with --profile DIR.")
        }
        return (shipped + "/retroracing", own)
    }
}
