import ArgumentParser

/// `retroracing`: the accessible three-lane racing game in a terminal, narrated by Narrator.
@main
struct RetroRacing: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retroracing", abstract: "Race in three lanes; Narrator speaks what happens.")
}
