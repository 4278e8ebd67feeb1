import ArgumentParser

/// Benchmarks for Narrator. Build in release mode:
/// `swift run -c release narrator-bench <benchmark>`; results go to docs/BENCHMARKS.md.
@main
struct NarratorBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "narrator-bench",
        abstract: "Measure Narrator's latency, throughput and memory.",
        subcommands: [SchedulerBench.self, SpeechBench.self, DaemonBench.self]
    )
}
