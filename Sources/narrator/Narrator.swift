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
                    [--rate N] [--pitch N] [--volume N] [--effects-volume N]
                    [--voice LANG=VOICE ...] [--output OUTPUT] [--speech espeak|speechd]
                    [--spoken-notices on|off] [--ssip] [--wine] [--log-level LEVEL]
              config [--config FILE]                  (your speech settings)
              config set NAME VALUE | config reset NAME
              profiles [--profile DIR]
              send [--socket PATH] [--wait] [--timeout SECONDS] [EVENT --FIELD VALUE ...]
              stop | skip | pause | resume [--socket PATH]   (all speech, of every client)
              status [--socket PATH] [--json]
              doctor [--socket PATH] [--json]      (why speech is slow or silent)
              monitor [--socket PATH] [--json]
              history [--socket PATH] [--limit N] [--client NAME] [--json]
              say TEXT|- [--locale TAG] [--rate N] [--pitch N] [--volume N]
                         [--output OUTPUT]
              play [NAME FIELD=VALUE ... pan=P] [--profile PROFILE] [--output OUTPUT]
              voices [--locale TAG | --variants]
              lint [PATH|PROFILE ...] [--strict] [--format text|json]
              lint --preview KEY [--locale TAG ...] [--count N ...] [--speak]
                                 [--output OUTPUT]
              wine install DIR [--word-size 32|64] | wine install --prefix WINEPREFIX
              wine doctor [--prefix WINEPREFIX] [--socket PATH]
            OUTPUT is \(AudioOutput.help).
            """,
        version: NarratorVersion.string,
        subcommands: [
            Serve.self, Config.self, Profiles.self, Send.self, Stop.self, Skip.self, Pause.self, Resume.self,
            Status.self,
            Monitor.self, History.self, Doctor.self, Say.self, Play.self, Voices.self, Lint.self, Wine.self,
        ]
    )

}
