import NIOCore

/// What a door's session writes: text for the client, and whether it answers the client (a reply,
/// never dropped) or comes on its own (a notification, dropped for a client that does not read).
/// `BacklogHandler` takes it.
struct OutboundLine {
    var bytes: ByteBuffer
    var kind: LineKind

    init(_ text: String, _ kind: LineKind) {
        self.bytes = ByteBuffer(string: text)
        self.kind = kind
    }
}

/// An outbound event: the session ended (the client closed its side, or said goodbye). The
/// connection closes once everything queued for it is written.
struct CloseWhenDrained: Sendable {}
