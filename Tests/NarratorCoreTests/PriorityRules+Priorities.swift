import NarratorCore
import NarratorWire

extension PriorityRule {
    /// Rows P1-P9: who interrupts whom, and the order of the line.
    static let priorities: [PriorityRule] = [
        PriorityRule(
            id: "P1", rule: "high interrupts default speech; without resume the cut one ends interrupted",
            steps: [submit(1, .default), started(1), submit(2, .high), stopped(1), started(2), finished(2)],
            expected: [
                "1 queued, speak 1@0", "1 started", "2 queued, stop 1", "1 interrupted by 2, speak 2@0",
                "2 started", "2 finished",
            ]),
        PriorityRule(
            id: "P2", rule: "high interrupts low speech",
            steps: [submit(1, .low), started(1), submit(2, .high), stopped(1)],
            expected: ["1 queued, speak 1@0", "1 started", "2 queued, stop 1", "1 interrupted by 2, speak 2@0"]),
        PriorityRule(
            id: "P3", rule: "high is never interrupted by high; several highs play in arrival order",
            steps: [
                submit(1, .high), started(1), submit(2, .high), submit(3, .high), finished(1), started(2),
                finished(2),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "2 queued", "3 queued", "1 finished, speak 2@0", "2 started",
                "2 finished, speak 3@0",
            ]),
        PriorityRule(
            id: "P4", rule: "default waits for high speech",
            steps: [submit(1, .high), started(1), submit(2, .default), finished(1)],
            expected: ["1 queued, speak 1@0", "1 started", "2 queued", "1 finished, speak 2@0"]),
        PriorityRule(
            id: "P5", rule: "default interrupts default speech",
            steps: [submit(1, .default), started(1), submit(2, .default), stopped(1)],
            expected: ["1 queued, speak 1@0", "1 started", "2 queued, stop 1", "1 interrupted by 2, speak 2@0"]),
        PriorityRule(
            id: "P6", rule: "default interrupts low speech",
            steps: [submit(1, .low), started(1), submit(2, .default), stopped(1)],
            expected: ["1 queued, speak 1@0", "1 started", "2 queued, stop 1", "1 interrupted by 2, speak 2@0"]),
        PriorityRule(
            id: "P7", rule: "low waits its turn and never interrupts, not even high or low speech",
            steps: [
                submit(1, .low), started(1), submit(2, .low), finished(1), started(2), submit(3, .high),
                stopped(2), started(3), submit(4, .low), finished(3),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "2 queued", "1 finished, speak 2@0", "2 started",
                "3 queued, stop 2", "2 interrupted by 3, speak 3@0", "3 started", "4 queued",
                "3 finished, speak 4@0",
            ]),
        PriorityRule(
            id: "P8", rule: "the line is ordered by priority, then by arrival",
            steps: [
                submit(1, .high), started(1), submit(2, .low), submit(3, .default), submit(4, .high),
                submit(5, .default), finished(1), finished(4), finished(3), finished(5),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "2 queued", "3 queued", "4 queued", "5 queued",
                "1 finished, speak 4@0", "4 finished, speak 3@0", "3 finished, speak 5@0", "5 finished, speak 2@0",
            ]),
        PriorityRule(
            id: "P9", rule: "an arrival interrupts only when it is next in line; those waiting ahead keep their turn",
            steps: [
                submit(1, .high), submit(2, .default), submit(3, .default), finished(1), started(2),
                submit(4, .default), finished(2), finished(3),
            ],
            expected: [
                "1 queued, speak 1@0", "2 queued", "3 queued", "1 finished, speak 2@0", "2 started", "4 queued",
                "2 finished, speak 3@0", "3 finished, speak 4@0",
            ]),
    ]
}
