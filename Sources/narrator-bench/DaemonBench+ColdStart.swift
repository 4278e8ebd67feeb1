extension DaemonBench {
    /// Process start -> `narrator: ready on PATH`: the real `narrator serve` binary, spawned with
    /// posix_spawn and timed until its readiness line arrives on standard error, then stopped with
    /// SIGTERM. Each start uses a new socket folder.
    struct ColdStart {
        let count: Int

        func run() throws {
            var latencies: [Double] = []
            for _ in 0..<count {
                let daemon = try SpawnedDaemon()
                latencies.append(daemon.startup.milliseconds)
                daemon.stop()
            }
            print("process start -> ready line (--output null): \(Distribution(latencies).millisecondsSummary())")
        }
    }
}
