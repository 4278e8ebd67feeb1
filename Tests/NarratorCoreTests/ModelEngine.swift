import NarratorCore
import NarratorWire

/// A stand-in for the speech engine: it answers `speak` and `stop` asynchronously, one reply at a time,
/// in the order a real engine would (started, sentences, then finished or stopped), and it may let a
/// finish race a stop. It also records what a real engine could not survive: two utterances at once.
struct ModelEngine {
    /// Sentence starts are every `sentenceLength` offsets up to `textLength`.
    static let sentenceLength = 10
    static let textLength = 50

    private(set) var active: AnnouncementID?
    private var hasStarted = false
    private var position = 0
    private var stopRequested = false

    /// Takes the scheduler's speech commands; returns a description of any misuse.
    mutating func receive(_ action: TestScheduler.Action) -> String? {
        switch action {
        case .speak(let id, _, let from):
            defer {
                active = id
                hasStarted = false
                position = from
                stopRequested = false
            }
            if let active { return "speak \(id) while \(active) is still speaking or stopping" }
        case .stop(let id):
            guard id == active else {
                return "stop \(id) which is not speaking (\(active.map(\.description) ?? "idle"))"
            }
            if stopRequested { return "second stop of \(id)" }
            stopRequested = true
        case .report:
            break
        }
        return nil
    }

    /// The engine's next reply, if it has one; `choice` picks among the plausible ones.
    mutating func reply(choice: UInt32) -> TestScheduler.Input? {
        guard let id = active else { return nil }
        if stopRequested {
            // Usually the stop lands; sometimes the engine got to the end first, or never reported the start.
            active = nil
            return choice % 4 == 0 ? .speechFinished(id) : .speechStopped(id)
        }
        if !hasStarted {
            hasStarted = true
            return .speechStarted(id)
        }
        let next = (position / Self.sentenceLength + 1) * Self.sentenceLength
        if next < Self.textLength && choice % 3 != 0 {
            position = next
            return .speechReachedSentence(id, position: next)
        }
        active = nil
        return .speechFinished(id)
    }
}
