import Synchronization

/// Lines queued for one client but not yet written. The connection stops reading requests while
/// too many wait, so a client that writes without reading cannot make the daemon grow: its
/// requests stay in the socket, and its own writes block.
final class OutboundBacklog: Sendable {
    /// Stop reading requests above this many unwritten lines; start again at half of it.
    static let pauseAbove = 256
    /// Beyond this, notifications for a client that does not read are dropped (replies never
    /// reach it: reading stops long before).
    static let dropAbove = 16_384

    private struct State {
        var pending = 0
        var warned = false
    }

    private let state = Mutex(State())

    /// Counts a line about to be queued; false when it must be dropped (only notifications ever
    /// are). `firstDrop` is true once.
    func enqueue(_ kind: LineKind) -> (accepted: Bool, firstDrop: Bool) {
        state.withLock { state in
            guard kind == .reply || state.pending < Self.dropAbove else {
                defer { state.warned = true }
                return (false, !state.warned)
            }
            state.pending += 1
            return (true, false)
        }
    }

    /// A line was written, or failed to be.
    func written() {
        state.withLock { $0.pending -= 1 }
    }

    /// Reading must pause.
    var isOverLimit: Bool { state.withLock { $0.pending > Self.pauseAbove } }
    /// Paused reading may resume: the backlog is down to half the limit.
    var hasRoom: Bool { state.withLock { $0.pending <= Self.pauseAbove / 2 } }
    var isEmpty: Bool { state.withLock { $0.pending == 0 } }
}
