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
        var waiter: CheckedContinuation<Void, Never>?
        var warned = false
    }

    private let state = Mutex(State())

    /// Counts a line about to be queued; false when it must be dropped. `firstDrop` is true once.
    func enqueue() -> (accepted: Bool, firstDrop: Bool) {
        state.withLock { state in
            guard state.pending < Self.dropAbove else {
                defer { state.warned = true }
                return (false, !state.warned)
            }
            state.pending += 1
            return (true, false)
        }
    }

    /// A line was written; wakes the reader once the backlog is down to half.
    func written() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.pending -= 1
            guard state.pending <= Self.pauseAbove / 2 else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns at once unless the backlog is above the limit; then waits until it is down to half,
    /// or the task is cancelled (shutdown).
    func waitForRoom() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    guard state.pending > Self.pauseAbove, !Task.isCancelled else { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
