import NarratorCore
import NarratorWire

/// One step of a table row: an input at the current instant, or the manual clock moving on.
enum Step: Sendable {
    case input(TestScheduler.Input)
    /// Moves the manual clock; produces no actions and has no expected line.
    case wait(milliseconds: Int)
    /// Checks the deadline the driver would arm its timer for; has no expected line.
    case expectDeadline(milliseconds: Int?)
}

// A small vocabulary so each row of docs/PRIORITIES.md reads like the rule it checks.

func submit(
    _ id: UInt64, _ priority: Priority, client: UInt64 = 1, key: String? = nil, expires: Int? = nil,
    resume: Bool = false, scope: String? = nil
) -> Step {
    let policy = AnnouncementPolicy(
        supersedes: key, expires: expires.map { .milliseconds($0) }, resume: resume, scope: scope.map { Scope($0) })
    let announcement = Announcement(
        id: AnnouncementID(rawValue: id), client: ClientID(rawValue: client), text: "announcement \(id)",
        priority: priority, policy: policy)
    return .input(.submit(announcement))
}

func started(_ id: UInt64) -> Step { .input(.speechStarted(AnnouncementID(rawValue: id))) }
func reached(_ id: UInt64, _ position: Int) -> Step {
    .input(.speechReachedSentence(AnnouncementID(rawValue: id), position: position))
}
func finished(_ id: UInt64) -> Step { .input(.speechFinished(AnnouncementID(rawValue: id))) }
func stopped(_ id: UInt64) -> Step { .input(.speechStopped(AnnouncementID(rawValue: id))) }
func failed(_ id: UInt64) -> Step { .input(.speechFailed(AnnouncementID(rawValue: id), reason: "no sound")) }
let tick = Step.input(.tick)
func cancel(_ target: TestScheduler.CancelTarget) -> Step { .input(.cancel(target)) }
func pause(_ target: TestScheduler.PauseTarget) -> Step { .input(.pause(target)) }
func resume(_ target: TestScheduler.PauseTarget) -> Step { .input(.resume(target)) }
func wait(_ milliseconds: Int) -> Step { .wait(milliseconds: milliseconds) }
