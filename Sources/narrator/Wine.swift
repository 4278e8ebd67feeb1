import ArgumentParser

/// `narrator wine`: Windows games under Wine speak through the narrator (docs/WINE.md).
struct Wine: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Let Windows games under Wine or Proton speak through the narrator.",
        discussion: """
            Games and their accessibility mods speak by loading NVDA's controller client DLL, directly or through \
            Tolk or SRAL. Narrator's own DLL of that name reaches the narrator's Wine door, which `narrator serve \
            --wine` (or `narrator config set wine on`) opens. Put the DLLs beside a game's executable (install \
            DIR), or into a whole Wine prefix (install --prefix), then check with doctor. docs/WINE.md.
            """,
        subcommands: [Install.self, Doctor.self])
}
