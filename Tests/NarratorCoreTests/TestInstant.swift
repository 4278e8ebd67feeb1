import NarratorCore

/// A manual clock's instant: milliseconds since the start of a test, moved only by the test.
struct TestInstant: InstantProtocol, CustomStringConvertible {
    var sinceStart: Duration

    static let zero = TestInstant(sinceStart: .zero)

    static func milliseconds(_ value: Int) -> TestInstant { TestInstant(sinceStart: .milliseconds(value)) }

    func advanced(by duration: Duration) -> TestInstant { TestInstant(sinceStart: sinceStart + duration) }
    func duration(to other: TestInstant) -> Duration { other.sinceStart - sinceStart }
    static func < (lhs: TestInstant, rhs: TestInstant) -> Bool { lhs.sinceStart < rhs.sinceStart }

    var description: String { "t+\(sinceStart)" }
}

typealias TestScheduler = Scheduler<TestInstant>
