import ArgumentParser

/// The `narrator` command: a thin front over the Narrator libraries.
@main
struct Narrator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "narrator",
        abstract: "Speak game events aloud, in the player's language.",
        subcommands: [Say.self, Voices.self, Lint.self]
    )
}
