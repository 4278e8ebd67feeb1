import NarratorCore
import NarratorWire

extension PriorityRule {
    /// Rows P22-P34: cancel, pause, resume, the engine's asynchronous replies, and superseding across a pause.
    static let controls: [PriorityRule] = [
        PriorityRule(
            id: "P22", rule: "cancelling a scope cancels it and everything below it, not a sibling sharing a prefix",
            steps: [
                submit(1, .default, scope: "help.section.3"), started(1), submit(2, .low, scope: "help"),
                submit(3, .low, scope: "helpful"), submit(4, .low), cancel(.scope("help")), stopped(1),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "2 queued", "3 queued", "4 queued", "2 cancelled, stop 1",
                "1 cancelled, speak 3@0",
            ]),
        PriorityRule(
            id: "P23", rule: "cancelling a client cancels only that client's announcements",
            steps: [
                submit(1, .default, client: 1), started(1), submit(2, .low, client: 2), submit(3, .low, client: 1),
                cancel(.client(1)), stopped(1),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "2 queued", "3 queued", "3 cancelled, stop 1",
                "1 cancelled, speak 2@0",
            ]),
        PriorityRule(
            id: "P24", rule: "cancelling all stops even high speech",
            steps: [submit(1, .high), started(1), submit(2, .default), cancel(.all), stopped(1)],
            expected: ["1 queued, speak 1@0", "1 started", "2 queued", "2 cancelled, stop 1", "1 cancelled"]),
        PriorityRule(
            id: "P25",
            rule: "pause stops speech and keeps it to continue at its sentence; arrivals wait, a high first",
            steps: [
                submit(1, .default), started(1), reached(1, 25), pause(.all), stopped(1), submit(2, .low),
                submit(3, .high), resume(.all), finished(3), started(1), finished(1),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "", "stop 1", "1 suspended@25", "2 queued", "3 queued",
                "speak 3@0", "3 finished, speak 1@25", "1 resumed@25", "1 finished, speak 2@0",
            ]),
        PriorityRule(
            id: "P26",
            rule: "pausing a client silences only it; on resume its waiting arrivals interrupt as if just arrived",
            steps: [
                submit(1, .low, client: 1), started(1), pause(.client(2)), submit(2, .default, client: 2),
                finished(1), submit(3, .low, client: 1), resume(.client(2)), stopped(3),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "", "2 queued", "1 finished", "3 queued, speak 3@0", "stop 3",
                "3 interrupted by 2, speak 2@0",
            ]),
        PriorityRule(
            id: "P27", rule: "a client's resume does not lift a pause of all; resuming all lifts every pause",
            steps: [
                pause(.client(1)), pause(.all), submit(1, .default, client: 1), resume(.client(1)),
                pause(.client(1)), resume(.all),
            ],
            expected: ["", "", "1 queued", "", "", "speak 1@0"]),
        PriorityRule(
            id: "P28", rule: "a finish racing a stop wins; the late stop reply is ignored",
            steps: [submit(1, .default), started(1), submit(2, .default), finished(1), stopped(1), finished(9)],
            expected: [
                "1 queued, speak 1@0", "1 started", "2 queued, stop 1", "1 finished, speak 2@0", "", "",
            ]),
        PriorityRule(
            id: "P29", rule: "at most one speaks: nothing starts until the engine confirms the stop",
            steps: [
                submit(1, .default), started(1), submit(2, .high), submit(3, .high), reached(1, 9), tick,
                stopped(1),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "2 queued, stop 1", "3 queued", "", "",
                "1 interrupted by 2, speak 2@0",
            ]),
        PriorityRule(
            id: "P30", rule: "a stop the scheduler did not ask for ends the announcement as interrupted",
            steps: [submit(1, .default, resume: true), started(1), stopped(1)],
            expected: ["1 queued, speak 1@0", "1 started", "1 interrupted"]),
        PriorityRule(
            id: "P31",
            rule: "a newer one replacing several waiting ones takes the first one's place, a suspended one's too",
            steps: [
                submit(1, .high, key: "speed"), started(1), submit(2, .high), submit(3, .high, key: "speed"),
                pause(.client(1)), stopped(1), submit(4, .high, key: "speed"), resume(.all), finished(4),
                finished(2),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "2 queued", "3 queued", "stop 1", "1 suspended@0",
                "4 queued, 1 superseded by 4, 3 superseded by 4", "speak 4@0", "4 finished, speak 2@0", "2 finished",
            ]),
        PriorityRule(
            id: "P32", rule: "an announcement the output failed to play ends failed, not resumed; the next one starts",
            steps: [
                submit(1, .default, resume: true), started(1), submit(2, .low), failed(1), submit(3, .high), failed(2),
                failed(9),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "2 queued", "1 failed (no sound), speak 2@0", "3 queued, stop 2",
                "2 interrupted by 3, speak 3@0", "",
            ]),
        PriorityRule(
            id: "P33", rule: "cancelling what is being heard takes only it; what waits keeps its turn",
            steps: [
                submit(1, .default, client: 1), started(1), submit(2, .low, client: 1), submit(3, .low, client: 2),
                cancel(.speaking(2)), cancel(.speaking(nil)), stopped(1), started(2), finished(2),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "2 queued", "3 queued", "", "stop 1", "1 cancelled, speak 2@0",
                "2 started", "2 finished, speak 3@0",
            ]),
        PriorityRule(
            id: "P34",
            rule:
                "cancelling by id takes that one announcement, waiting, speaking or kept to resume; one ended takes nothing",
            steps: [
                submit(1, .default, resume: true), started(1), reached(1, 12), submit(2, .high), stopped(1),
                started(2), submit(3, .low), submit(4, .low), cancel(.announcement(3)), cancel(.announcement(1)),
                cancel(.announcement(2)), stopped(2), cancel(.announcement(2)), cancel(.announcement(9)),
                finished(4),
            ],
            expected: [
                "1 queued, speak 1@0", "1 started", "", "2 queued, stop 1", "1 suspended@12, speak 2@0", "2 started",
                "3 queued", "4 queued", "3 cancelled", "1 cancelled", "stop 2", "2 cancelled, speak 4@0", "", "",
                "4 finished",
            ]),
    ]

    /// Every row of docs/PRIORITIES.md, in order.
    static let all = priorities + policies + controls
}
