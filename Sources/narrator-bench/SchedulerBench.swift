import ArgumentParser
import NarratorCore
import NarratorSystem

/// `narrator-bench scheduler`: the cost of one scheduler input, and the memory it keeps.
///
/// A workload of mixed submissions (superseding keys, expiry, resume, scopes) and the speech engine's
/// replies runs through `Scheduler<ContinuousClock.Instant>`. Only `handle` is timed: each batch is first
/// generated on a throwaway copy of the scheduler (the engine's replies depend on its actions), then the
/// real scheduler replays exactly those inputs under the clock. The clock is the thread's CPU time: the
/// machines are shared, and wall time would count the moments another process had the core.
struct SchedulerBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scheduler",
        abstract: "Cost per scheduler input (median, p99 over batches) and peak memory."
    )

    @Option(help: "Total inputs (submissions, engine replies, ticks, controls).")
    var inputs = 1_000_000

    @Option(help: "Also report peak memory after this many inputs, to show it does not grow.")
    var checkpoint = 100_000

    @Option(help: "Inputs per timed batch.")
    var batchSize = 1000

    @Option(help: "The scheduler's queue bound.")
    var queueBound = 64

    func validate() throws {
        guard inputs >= batchSize, batchSize > 0, checkpoint > 0, queueBound > 0 else {
            throw ValidationError("inputs must be at least one batch; all sizes must be positive")
        }
    }

    func run() {
        var scheduler = Scheduler<ContinuousClock.Instant>(queueBound: queueBound)
        var workload = Workload(start: ContinuousClock.now)
        // Two arrays rather than one of tuples: a tuple array is copied through generic value witnesses,
        // which would cost more than the scheduler itself.
        var batchInputs: [SchedulerInput] = []
        var batchInstants: [ContinuousClock.Instant] = []
        batchInputs.reserveCapacity(batchSize)
        batchInstants.reserveCapacity(batchSize)
        var actions: [Scheduler<ContinuousClock.Instant>.Action] = []
        actions.reserveCapacity(16)
        var perInput: [Double] = []
        var peakQueued = 0
        var checkpointMemory: Int?

        for done in stride(from: 0, to: inputs - inputs % batchSize, by: batchSize) {
            do {
                // Untimed: decide the inputs against a copy; dropped before the replay so the real
                // scheduler's storage is uniquely owned again and the replay pays no copy-on-write.
                var probe = scheduler
                batchInputs.removeAll(keepingCapacity: true)
                batchInstants.removeAll(keepingCapacity: true)
                for _ in 0..<batchSize {
                    let (input, now) = workload.next()
                    batchInputs.append(input)
                    batchInstants.append(now)
                    probe.handle(input, at: now, into: &actions)
                    workload.observe(actions)
                    actions.removeAll(keepingCapacity: true)
                    peakQueued = max(peakQueued, probe.queuedCount)
                }
            }
            let start = threadCPUNanoseconds()
            do {
                for index in 0..<batchSize {
                    scheduler.handle(batchInputs[index], at: batchInstants[index], into: &actions)
                    // What a driver does after carrying out the actions (cheap check first: clearing an
                    // empty array still calls into replaceSubrange).
                    if !actions.isEmpty { actions.removeAll(keepingCapacity: true) }
                }
            }
            perInput.append(Double(threadCPUNanoseconds() - start) / Double(batchSize))
            if checkpointMemory == nil && done + batchSize >= checkpoint { checkpointMemory = ProcessMemory.peakKiB }
        }

        perInput.sort()
        let count = perInput.count * batchSize
        let mean = perInput.reduce(0, +) / Double(perInput.count)
        print("scheduler: \(count) inputs in batches of \(batchSize), queue bound \(queueBound)")
        print(workload.summary)
        print("cost per input (ns, over \(perInput.count) batches):")
        print(
            "  median \(format(Distribution(perInput).median))  p99 \(format(Distribution(perInput).p99))",
            terminator: "")
        print("  min \(format(perInput.first!))  max \(format(perInput.last!))  mean \(format(mean))")
        print("peak queued: \(peakQueued)")
        print("peak RSS (VmHWM): after \(min(checkpoint, count)) inputs \(checkpointMemory ?? 0) KiB", terminator: "")
        print(", after \(count) inputs \(ProcessMemory.peakKiB) KiB")
    }

    /// CPU time this thread has used (`CLOCK_THREAD_CPUTIME_ID`), in nanoseconds.
    private func threadCPUNanoseconds() -> Int {
        SystemClock.threadCPUTime().totalNanoseconds
    }

    private func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
