import NarratorCore
import NarratorWire

extension PriorityRule {
    /// Rows P10-P21: superseding, expiry, resume and the bound.
    static let policies: [PriorityRule] = [
        PriorityRule(
            id: "P10", rule: "a newer announcement with the same key replaces a waiting one and keeps its turn",
            steps: [
                submit(1, .high), submit(2, .default, key: "score"), submit(3, .default, key: "lives"),
                submit(4, .default, key: "score"), finished(1), finished(4),
            ],
            expected: [
                "1 queued, speak 1@0", "2 queued", "3 queued", "4 queued, 2 superseded by 4",
                "1 finished, speak 4@0", "4 finished, speak 3@0",
            ]),
        PriorityRule(
            id: "P11", rule: "a newer announcement with the same key stops a speaking one that is not high",
            steps: [submit(1, .low, key: "score"), started(1), submit(2, .low, key: "score"), stopped(1)],
            expected: ["1 queued, speak 1@0", "1 started", "2 queued, stop 1", "1 superseded by 2, speak 2@0"]),
        PriorityRule(
            id: "P12", rule: "a speaking high is never stopped by superseding; the newer one waits",
            steps: [submit(1, .high, key: "speed"), started(1), submit(2, .high, key: "speed"), finished(1)],
            expected: ["1 queued, speak 1@0", "1 started", "2 queued", "1 finished, speak 2@0"]),
        PriorityRule(
            id: "P13", rule: "a waiting high is replaced only by a newer high",
            steps: [
                submit(1, .high), submit(2, .high, key: "k"), submit(3, .default, key: "k"),
                submit(4, .high, key: "k"), finished(1), finished(4),
            ],
            expected: [
                "1 queued, speak 1@0", "2 queued", "3 queued", "4 queued, 2 superseded by 4, 3 superseded by 4",
                "1 finished, speak 4@0", "4 finished",
            ]),
        PriorityRule(
            id: "P14", rule: "superseding keys belong to one client",
            steps: [
                submit(1, .low, client: 1, key: "score"), started(1), submit(2, .low, client: 2, key: "score"),
                finished(1),
            ],
            expected: ["1 queued, speak 1@0", "1 started", "2 queued", "1 finished, speak 2@0"]),
        PriorityRule(
            id: "P15", rule: "an announcement not started within its expiry time is expired at that deadline",
            steps: [
                submit(1, .high), .expectDeadline(milliseconds: nil), submit(2, .default, expires: 500),
                .expectDeadline(milliseconds: 500), wait(499), tick, wait(1), tick,
                .expectDeadline(milliseconds: nil), finished(1),
            ],
            expected: ["1 queued, speak 1@0", "2 queued", "", "2 expired", "1 finished"]),
        PriorityRule(
            id: "P16", rule: "expiry stops counting once an announcement has started, even if it is cut and resumed",
            steps: [
                submit(1, .default, expires: 100, resume: true), started(1), wait(200), tick, submit(2, .high),
                stopped(1), wait(1000), finished(2), started(1),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "", "2 queued, stop 1", "1 suspended@0, speak 2@0",
                "2 finished, speak 1@0", "1 resumed@0",
            ]),
        PriorityRule(
            id: "P17", rule: "an expiry of zero means speak now or never",
            steps: [
                submit(1, .default, expires: 0), submit(2, .low, expires: 0), .expectDeadline(milliseconds: 0), tick,
            ],
            expected: ["1 queued, speak 1@0", "2 queued", "2 expired"]),
        PriorityRule(
            id: "P18",
            rule: "resume: a cut announcement returns to the front of its line and continues at the cut sentence",
            steps: [
                submit(1, .default, resume: true), started(1), reached(1, 0), reached(1, 40), submit(2, .low),
                submit(3, .high), stopped(1), started(3), submit(4, .default), finished(3), started(1), finished(1),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "", "", "2 queued", "3 queued, stop 1",
                "1 suspended@40, speak 3@0", "3 started", "4 queued", "3 finished, speak 1@40", "1 resumed@40",
                "1 finished, speak 4@0",
            ]),
        PriorityRule(
            id: "P19", rule: "several cut announcements resume the most recently cut first",
            steps: [
                submit(1, .default, resume: true), started(1), reached(1, 10), submit(2, .default, resume: true),
                stopped(1), started(2), reached(2, 7), submit(3, .high), stopped(2), finished(3), finished(2),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "", "2 queued, stop 1", "1 suspended@10, speak 2@0",
                "2 started", "", "3 queued, stop 2", "2 suspended@7, speak 3@0", "3 finished, speak 2@7",
                "2 finished, speak 1@10",
            ]),
        PriorityRule(
            id: "P20", rule: "on overflow the oldest waiting announcement of the lowest priority present is dropped",
            queueBound: 3,
            steps: [
                submit(1, .high), submit(2, .low), submit(3, .low), submit(4, .default), submit(5, .default),
                submit(6, .low), submit(7, .default),
            ],
            expected: [
                "1 queued, speak 1@0", "2 queued", "3 queued", "4 queued", "5 queued, 2 dropped",
                "6 queued, 3 dropped", "7 queued, 6 dropped",
            ]),
        PriorityRule(
            id: "P21", rule: "high is never dropped: highs are accepted over the bound, anything else is dropped",
            queueBound: 2,
            steps: [
                submit(1, .high), submit(2, .default), submit(3, .high), submit(4, .high), submit(5, .high),
                submit(6, .default), finished(1), finished(3), finished(4), finished(5),
            ],
            expected: [
                "1 queued, speak 1@0", "2 queued", "3 queued", "4 queued, 2 dropped", "5 queued",
                "6 queued, 6 dropped", "1 finished, speak 3@0", "3 finished, speak 4@0", "4 finished, speak 5@0",
                "5 finished",
            ]),
    ]
}
