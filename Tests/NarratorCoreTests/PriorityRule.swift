import NarratorCore
import Testing

/// One row of docs/PRIORITIES.md: a rule, a script of inputs, and the exact actions each input must cause.
struct PriorityRule: Sendable, CustomTestStringConvertible {
    /// The row's id in docs/PRIORITIES.md (`P1`, `P2`, ...).
    let id: String
    let rule: String
    var queueBound = 64
    let steps: [Step]
    /// One line per `.input` step: its actions rendered by ``Trace``, `""` for none.
    let expected: [String]

    var testDescription: String { "\(id): \(rule)" }

    /// Runs the script with a manual clock starting at zero and returns one rendered line per input.
    /// Also checks that every report is stamped with the instant of the input that caused it.
    func run() -> [String] {
        var scheduler = TestScheduler(queueBound: queueBound)
        var now = TestInstant.zero
        var lines: [String] = []
        for step in steps {
            switch step {
            case .wait(let milliseconds):
                now = now.advanced(by: .milliseconds(milliseconds))
            case .expectDeadline(let milliseconds):
                #expect(scheduler.nextDeadline == milliseconds.map(TestInstant.milliseconds))
            case .input(let input):
                let actions = scheduler.handle(input, at: now)
                for case .report(let report) in actions {
                    #expect(report.at == now, "report \(report) is stamped with the input's instant")
                }
                lines.append(Trace.render(actions))
            }
        }
        return lines
    }
}
