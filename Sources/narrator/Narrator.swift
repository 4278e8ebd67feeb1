import ArgumentParser
import NarratorAudio
import NarratorSpeech
import NarratorSystem

/// The `narrator` command: a thin front over the Narrator libraries (started by `Entry`).
struct Narrator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "narrator",
        abstract: "Speak game events aloud, in the player's language.",
        discussion: """
            Commands (`narrator help <subcommand>` explains every option):
              serve [--socket PATH] [--profile DIR] [--config FILE] [--locale TAG]
                    [--rate N] [--pitch N] [--volume N] [--voice LANG=VOICE ...]
                    [--output OUTPUT] [--speech espeak|speechd] [--log-level LEVEL]
              config [--config FILE]                  (your speech settings)
              config set NAME VALUE | config reset NAME
              profiles [--profile DIR]
              send [--socket PATH] [--wait] [EVENT --FIELD VALUE ...]
              status [--socket PATH]
              monitor [--socket PATH]
              say TEXT|- [--locale TAG] [--rate N] [--pitch N] [--volume N]
                         [--output OUTPUT]
              play [NAME FIELD=VALUE ...] [--profile PROFILE] [--output OUTPUT]
              voices [--locale TAG | --variants]
              lint [PATH|PROFILE ...] [--strict] [--format text|json]
              lint --preview KEY [--locale TAG ...] [--count N ...] [--speak]
                                 [--output OUTPUT]
            OUTPUT is \(AudioOutput.help).
            """,
        version: NarratorVersion.string,
        subcommands: [
            Serve.self, Config.self, Profiles.self, Send.self, Status.self, Monitor.self, Say.self, Play.self,
            Voices.self,
            Lint.self,
        ]
    )

}
