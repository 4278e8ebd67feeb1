/// Lines queued for one client but not yet written. The connection stops reading requests while
/// too many wait, so a client that writes without reading cannot make the daemon grow: its
/// requests stay in the socket, and its own writes block. Kept by the connection's handler, on
/// its event loop.
struct OutboundBacklog {
    /// Stop reading requests above this many unwritten lines; start again at half of it.
    static let pauseAbove = 256
    /// Beyond this, notifications for a client that does not read are dropped (replies never
    /// reach it: reading stops long before).
    static let dropAbove = 16_384

    private(set) var pending = 0
    private var warned = false

    /// Counts a line about to be queued; false when it must be dropped (only notifications ever
    /// are). `firstDrop` is true once.
    mutating func enqueue(_ kind: LineKind) -> (accepted: Bool, firstDrop: Bool) {
        guard kind == .reply || pending < Self.dropAbove else {
            defer { warned = true }
            return (false, !warned)
        }
        pending += 1
        return (true, false)
    }

    /// A line was written, or failed to be.
    mutating func written() { pending -= 1 }

    /// Reading must pause.
    var isOverLimit: Bool { pending > Self.pauseAbove }
    /// Paused reading may resume: the backlog is down to half the limit.
    var hasRoom: Bool { pending <= Self.pauseAbove / 2 }
    var isEmpty: Bool { pending == 0 }
}

/// What a line queued for a client is. A reply is never dropped; notifications are, for a client
/// that leaves thousands of lines unread.
enum LineKind {
    case reply
    case notification
}
