import ArgumentParser
import NarratorServer
import NarratorSpeech
import NarratorSystem

/// The program's entry. Synchronous, so that nothing runs on Swift concurrency's global executor
/// (libdispatch's worker pool, whose first worker starts a monitor that wakes the process once a
/// second for ever) before `serve` has blocked its signals on the main thread and handed its tasks
/// to its one event-loop thread. Other commands run as any async command does.
@main
enum Entry {
    static func main() {
        // The daemon's synthesis child (docs/SPEECH.md): no argument parsing, nothing else started.
        if CommandLine.arguments.dropFirst().first == SynthesisChild.argument {
            SynthesisChild.run(Array(CommandLine.arguments.dropFirst(2)))
        }
        if CommandLine.arguments.dropFirst().first == "serve" {
            SignalWaiter.block(Serve.signals)
            NarratorService.runOnOneThread { await Narrator.main(nil) }
        } else {
            runBlocking { await Narrator.main(nil) }
        }
    }
}
