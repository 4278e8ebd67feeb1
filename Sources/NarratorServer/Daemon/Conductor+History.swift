import NarratorCore
import NarratorVoice
import NarratorWire

/// One announcement as `history` and `repeat` know it: kept after it ended, up to `historyLimit`.
struct HistoryRecord {
    let id: AnnouncementID
    /// The client's name when it queued the announcement: a game keeps its history across reconnects.
    let client: String
    let text: String
    let priority: Priority
    let voice: VoiceRequest
    let ssml: Bool
    var outcome: Outcome = .queued
    var milliseconds: Double
    /// When it last began to be heard (`started` or `resumed`), in the order of all starts; nil while
    /// it never was.
    var lastStart: UInt64?
}

extension Conductor {
    /// How many announcements `history` keeps, the newest (`repeat` looks among them too).
    static let historyLimit = 100

    /// Keeps a newly queued announcement, dropping the oldest beyond the limit.
    func remember(_ record: HistoryRecord) {
        if history.count >= Self.historyLimit { history.removeFirst(history.count - Self.historyLimit + 1) }
        history.append(record)
    }

    /// Notes an outcome of a kept announcement.
    func remember(_ outcome: Outcome, of id: AnnouncementID, at milliseconds: Double) {
        // Ids only grow and records are appended as they are queued: the history is sorted by id.
        var low = 0
        var high = history.count
        while low < high {
            let middle = (low + high) / 2
            if history[middle].id.rawValue < id.rawValue { low = middle + 1 } else { high = middle }
        }
        guard low < history.count, history[low].id == id else { return }
        history[low].outcome = outcome
        history[low].milliseconds = milliseconds
        switch outcome {
        case .started, .resumed:
            starts += 1
            history[low].lastStart = starts
        default: break
        }
    }

    /// The kept announcements of clients named like `session` (or of all), oldest first, the last `limit`.
    func historyEntries(limit: Int?, allClients: Bool, for session: Session) -> [Reply.HistoryEntry] {
        let chosen = history.filter { allClients || $0.client == session.name }.suffix(limit ?? Self.historyLimit)
        return chosen.map {
            Reply.HistoryEntry(
                id: String($0.id.rawValue), client: $0.client, text: $0.text, priority: $0.priority,
                outcome: $0.outcome, milliseconds: $0.milliseconds)
        }
    }

    /// The announcement that began to be heard last, of clients named like `session` (or of all).
    func lastStarted(allClients: Bool, for session: Session) -> HistoryRecord? {
        history.filter { $0.lastStart != nil && (allClients || $0.client == session.name) }
            .max { ($0.lastStart ?? 0) < ($1.lastStart ?? 0) }
    }
}
