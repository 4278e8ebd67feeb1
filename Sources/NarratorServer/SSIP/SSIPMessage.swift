/// One message an SSIP connection queued and that has not ended: what it was, and which events its
/// client asked for when it was sent (SSIP applies `SET NOTIFICATION` to the messages that follow).
struct SSIPMessage: Equatable {
    var priority: SSIPPriority
    /// Its scope, `ssip-PRIORITY.N`: `STOP` cancels it (a block's messages share one).
    var scope: String
    var events: Set<SSIPEventKind>
    /// The `supersedes` key it was queued with, if any.
    var key: String?
    /// It is being heard (begun or resumed, not paused or ended).
    var speaking = false
}
