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

/// SSIP's asynchronous events (`SET SELF NOTIFICATION NAME on|off`), with their 7xx codes.
enum SSIPEventKind: String, CaseIterable {
    case indexMarks = "INDEX_MARKS"
    case begin = "BEGIN"
    case end = "END"
    case cancel = "CANCEL"
    case pause = "PAUSE"
    case resume = "RESUME"

    var code: Int {
        switch self {
        case .indexMarks: 700
        case .begin: 701
        case .end: 702
        case .cancel: 703
        case .pause: 704
        case .resume: 705
        }
    }

    /// The last line of the event.
    var message: String {
        switch self {
        case .indexMarks: "INDEX MARK"
        case .begin: "BEGIN"
        case .end: "END"
        case .cancel: "CANCELED"
        case .pause: "PAUSED"
        case .resume: "RESUMED"
        }
    }
}
