import ArgumentParser
import NarratorServer

/// `narrator profiles`: the profiles installed for this user, where each is, and the default.
struct Profiles: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the installed profiles, where each is, and which is the default.",
        discussion: """
            A game names its profile in hello (docs/PROTOCOL.md). The daemon looks for a profile by name in \
            $XDG_DATA_HOME/narrator/profiles (default ~/.local/share/narrator/profiles), then in narrator/profiles \
            under each folder of $XDG_DATA_DIRS (default /usr/local/share:/usr/share), then in the shipped \
            Localization folder; a profile is a folder holding events.json and its tables. The first one of a \
            name is used; later ones of the same name are listed as hidden. One line per profile: name, where \
            it was found (given, user, system, shipped), folder, and a note; then the folders searched.
            """)

    @Option(help: "The profile folder `narrator serve --profile` would be given: listed first, and the default.")
    var profile: String?

    func run() throws {
        let catalog = ProfileLocation.catalog(given: profile)
        let entries = catalog.installed()
        let chosen = try? catalog.locate(catalog.defaultName)
        var rows: [[String]] = []
        var seen: [String: String] = [:]
        for entry in entries {
            var note = ""
            if let first = seen[entry.name] {
                note = "hidden by \(first)"
            } else {
                seen[entry.name] = entry.folder
                if entry == chosen { note = "default" }
            }
            rows.append([entry.name, entry.source, entry.folder, note])
        }
        if rows.isEmpty {
            print("No profiles are installed.")
        } else {
            let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                let padded = (0..<3).map { row[$0].padding(toLength: widths[$0]) }
                let line = (padded + [row[3]]).joined(separator: "  ")
                print(String(line.reversed().drop(while: { $0 == " " }).reversed()))
            }
        }
        if chosen == nil {
            print("No profile named \(catalog.defaultName) is installed: `narrator serve` needs --profile DIR.")
        }
        print("Searched, in order:")
        for root in catalog.roots { print("  \(root.folder) (\(root.kind.rawValue))") }
    }
}

extension String {
    /// The string with spaces added up to `length` characters.
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
