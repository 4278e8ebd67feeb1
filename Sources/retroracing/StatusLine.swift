import NarratorSystem
import Synchronization

/// The one-line notice under the status (narration off / on). Set from the narration thread,
/// read when drawing; without a terminal it goes to standard error at once.
final class StatusLine: Sendable {
    static let shared = StatusLine()
    private let text = Mutex("")

    func set(_ line: String) {
        text.withLock { $0 = line }
        if !TerminalMode.isTerminal(1) { FileDescriptor.writeAll(2, line + "\n") }
    }

    var current: String { text.withLock { $0 } }
}
