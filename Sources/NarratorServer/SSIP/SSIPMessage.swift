import NarratorWire

/// What SSIP itself defines about one message a connection sent, which the narrator's ledger does not
/// hold: its SSIP priority, the command that sent it and what an intro shows of it (`HISTORY`), the
/// events its client asked for when it was sent (SSIP applies `SET NOTIFICATION` to the messages that
/// follow), and the scope and `supersedes` key the session chose for it. Never its life: whether it
/// waits, is heard or has ended is the ledger's, read through `SSIPSession.Ask.speech`.
struct SSIPMessage: Equatable {
    var priority: SSIPPriority
    var kind: SSIPHistory.Kind = .text
    /// What an intro shows: the character or key of `CHAR` and `KEY`; nil: its text.
    var shown: String?
    var events: Set<SSIPEventKind> = []
    /// Its scope, `ssip-PRIORITY.N`: `STOP` cancels it (a block's messages share one).
    var scope: String
    /// The `supersedes` key it was queued with, if any.
    var key: String?
}

/// The messages one connection sent, by id (SSIP's message id is the announcement's): each kept while
/// it has not ended, and among the last `Ledger.historyLimit` sent after, as long as the narrator's
/// history can show it.
struct SSIPMessages {
    private(set) var byID: [String: SSIPMessage] = [:]
    /// Ids in the order sent.
    private var order: [String] = []

    subscript(id: String) -> SSIPMessage? { byID[id] }

    /// Notes a message just sent; forgets the oldest ones beyond the history's reach that have
    /// ended (`open`: the ids of this client's announcements not ended).
    mutating func note(_ id: String, _ message: SSIPMessage, open: Set<String>) {
        byID[id] = message
        order.append(id)
        guard order.count > Ledger.historyLimit else { return }
        var keep: [String] = []
        for (index, old) in order.enumerated() {
            if index < order.count - Ledger.historyLimit, !open.contains(old) {
                byID.removeValue(forKey: old)
            } else {
                keep.append(old)
            }
        }
        order = keep
    }
}
