import ArgumentParser
import NarratorSystem

/// Benchmarks for Narrator. Build in release mode:
/// `swift run -c release narrator-bench <benchmark>`; results go to docs/BENCHMARKS.md.
@main
struct NarratorBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "narrator-bench",
        abstract: "Measure Narrator's latency, throughput and memory.",
        version: NarratorVersion.string,
        subcommands: [SchedulerBench.self, SpeechBench.self, DaemonBench.self]
    )
}
