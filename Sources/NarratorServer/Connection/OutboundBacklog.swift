/// Lines queued for one client but not yet written, counted in lines and bytes. The connection
/// stops reading requests while too much waits, so a client that writes without reading cannot
/// make the daemon grow: its requests stay in the socket, and its own writes block. Kept by the
/// connection's handler, on its event loop. docs/PROTOCOL.md, "Limits".
struct OutboundBacklog {
    /// Stop reading requests above this many unwritten lines or bytes; start again at half of each.
    static let pauseAbove = (lines: 256, bytes: 64 * 1024)
    /// Beyond this many unwritten bytes, notifications for a client that does not read are dropped
    /// (replies never are: reading stops long before they could pile up).
    static let dropAboveBytes = 128 * 1024

    private(set) var lines = 0
    private(set) var bytes = 0
    private var warned = false

    /// Counts a line of `size` bytes about to be queued; false when it must be dropped (only
    /// notifications ever are). `firstDrop` is true once.
    mutating func enqueue(_ kind: LineKind, size: Int) -> (accepted: Bool, firstDrop: Bool) {
        guard kind == .reply || bytes + size <= Self.dropAboveBytes else {
            defer { warned = true }
            return (false, !warned)
        }
        lines += 1
        bytes += size
        return (true, false)
    }

    /// A line of `size` bytes was written, or failed to be.
    mutating func written(size: Int) {
        lines -= 1
        bytes -= size
    }

    /// Reading must pause.
    var isOverLimit: Bool { lines > Self.pauseAbove.lines || bytes > Self.pauseAbove.bytes }
    /// Paused reading may resume: the backlog is down to half the limits.
    var hasRoom: Bool { lines <= Self.pauseAbove.lines / 2 && bytes <= Self.pauseAbove.bytes / 2 }
    var isEmpty: Bool { lines == 0 }
}

/// What a line queued for a client is. A reply is never dropped; notifications are, for a client
/// that leaves them unread.
enum LineKind {
    case reply
    case notification
}
