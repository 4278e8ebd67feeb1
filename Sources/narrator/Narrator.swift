import ArgumentParser
import NarratorSpeech

/// The `narrator` command: a thin front over the Narrator libraries.
@main
struct Narrator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "narrator",
        abstract: "Speak game events aloud, in the player's language.",
        discussion: """
            Commands (`narrator help <subcommand>` explains every option):
              say TEXT|- [--locale TAG] [--rate N] [--pitch N] [--volume N]
                         [--output OUTPUT]
              voices [--locale TAG]
              lint [PATH ...] [--strict] [--format text|json]
              lint --preview KEY [--locale TAG ...] [--count N ...] [--speak]
                                 [--output OUTPUT]
            OUTPUT is \(AudioOutput.help).
            """,
        subcommands: [Say.self, Voices.self, Lint.self]
    )
}
