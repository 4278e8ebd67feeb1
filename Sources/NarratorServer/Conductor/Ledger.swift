import NarratorCore
import NarratorVoice
import NarratorWire

/// The one owner of every announcement's life: admitted (counted against its client's limit),
/// queued, speaking, suspended, ended with its outcome, and kept a while after for `history` and
/// `repeat`. Per-client limits, `status`, `history` and `repeat` all read it; an announcement's
/// end is recorded in one place (`record`).
struct Ledger {
    /// How many announcements `history` keeps, the newest (`repeat` looks among them too).
    static let historyLimit = 100
    /// The most one client may have not yet ended: highs are never dropped, so this is where one
    /// client's backlog stops, and at half the scheduler's bound (64), one client alone can never
    /// make the queue overflow and drop another client's speech. docs/PROTOCOL.md, "Limits".
    static let clientLimit = (count: 32, bytes: 128 * 1024)

    /// What one client has not yet heard end.
    struct Open: Equatable {
        var count = 0
        var bytes = 0
    }

    /// Every announcement not ended, and every ended one `history` still keeps.
    private(set) var records: [AnnouncementID: AnnouncementRecord] = [:]
    /// The ids of the last `historyLimit` announcements admitted, oldest first.
    private(set) var recent: [AnnouncementID] = []
    /// Per client, what has not ended; a client with nothing open has no entry.
    private(set) var open: [ClientID: Open] = [:]
    /// Counts starts, so the last announcement that began to be heard can be told (`repeat`).
    private var starts: UInt64 = 0

    /// How many announcements have not ended, of every client.
    var openCount: Int { open.values.reduce(0) { $0 + $1.count } }

    /// Refuses an announcement of `bytes` that would take `client` past its limit.
    func admits(bytes: Int, from client: ClientID) throws(ProtocolError) {
        let current = open[client] ?? Open()
        let limit = Self.clientLimit
        guard current.count < limit.count, current.bytes + bytes <= limit.bytes else {
            throw ProtocolError(
                .limit,
                "this client has \(current.count) announcements (\(current.bytes) bytes of text) waiting or speaking; "
                    + "one client may have \(limit.count) and \(limit.bytes / 1024) KiB: wait for some to end, or cancel"
            )
        }
    }

    /// Takes a new announcement (checked with `admits` first); the oldest ended record beyond the
    /// history's limit is forgotten.
    mutating func admit(_ record: AnnouncementRecord) {
        records[record.id] = record
        open[record.client, default: Open()].count += 1
        open[record.client, default: Open()].bytes += record.text.utf8.count
        recent.append(record.id)
        if recent.count > Self.historyLimit {
            let gone = recent.removeFirst()
            if records[gone]?.phase.hasEnded == true { records.removeValue(forKey: gone) }
        }
    }

    /// Records an outcome of an announcement, and returns its record as it now is. Nil for an
    /// unknown id or one that has already ended: an announcement ends exactly once.
    mutating func record(_ outcome: Outcome, of id: AnnouncementID, at milliseconds: Double) -> AnnouncementRecord? {
        guard var record = records[id], !record.phase.hasEnded else { return nil }
        record.outcome = outcome
        record.milliseconds = milliseconds
        if case .started = outcome { record.lastStart = nextStart() }
        if case .resumed = outcome { record.lastStart = nextStart() }
        if outcome.isTerminal {
            var left = open[record.client] ?? Open()
            left.count -= 1
            left.bytes -= record.text.utf8.count
            open[record.client] = left.count > 0 ? left : nil
            // Beyond the history's reach, an ended record has no reader left.
            if let oldest = recent.first, id < oldest {
                records.removeValue(forKey: id)
                return record
            }
        }
        records[id] = record
        return record
    }

    /// Changes a kept record (an ended one too: its latencies may be measured after its end).
    mutating func update(_ id: AnnouncementID, _ change: (inout AnnouncementRecord) -> Void) {
        guard var record = records[id] else { return }
        change(&record)
        records[id] = record
    }

    private mutating func nextStart() -> UInt64 {
        starts += 1
        return starts
    }

    /// The kept announcements of clients named `client` (or of all), oldest first, the last `limit`.
    func history(limit: Int?, client: String?) -> [AnnouncementRecord] {
        recent.compactMap { records[$0] }.filter { client == nil || $0.clientName == client }
            .suffix(limit ?? Self.historyLimit)
    }

    /// The kept announcement that began to be heard last, of clients named `client` (or of all).
    func lastStarted(client: String?) -> AnnouncementRecord? {
        recent.compactMap { records[$0] }
            .filter { $0.lastStart != nil && (client == nil || $0.clientName == client) }
            .max { ($0.lastStart ?? 0) < ($1.lastStart ?? 0) }
    }

    /// The clients with announcements not ended, by id.
    var clientsWithOpenAnnouncements: [ClientID] { open.keys.sorted { $0.rawValue < $1.rawValue } }
}

/// One announcement as the ledger keeps it.
struct AnnouncementRecord {
    /// Where an announcement is in its life, read from its last outcome.
    enum Phase: Equatable {
        case queued
        case speaking
        case suspended
        case ended(Outcome)

        var hasEnded: Bool { if case .ended = self { true } else { false } }
    }

    let id: AnnouncementID
    let client: ClientID
    /// The client's name when it queued the announcement: a game keeps its history across reconnects.
    let clientName: String
    let text: String
    let priority: Priority
    let voice: VoiceRequest
    let ssml: Bool
    /// Where it is heard (rule C23); `repeat` keeps it.
    var pan = Pan.centre
    /// The scope (the client's) of the block it was said in (`say`'s `block`): a cancel of what is
    /// heard that takes it takes the rest of the block (C25).
    var block: Scope?
    /// The last outcome so far, and when it happened (milliseconds since the daemon started).
    var outcome: Outcome = .queued
    var milliseconds: Double
    /// When it was admitted (milliseconds since the daemon started), for SSIP's history.
    var queuedMilliseconds = 0.0
    /// When it last began to be heard (`started` or `resumed`), in the order of all starts.
    var lastStart: UInt64?
    /// When it was last handed to the speech system, and when it was first asked to stop
    /// (milliseconds since the daemon started): where its latencies count from.
    var spokenMilliseconds: Double?
    var stopMilliseconds: Double?
    /// How long it took to be heard, and to fall silent when stopped, as far as measured.
    var latency = AnnouncementLatency()

    var phase: Phase {
        switch outcome {
        case .queued: .queued
        case .started, .resumed: .speaking
        case .suspended: .suspended
        default: .ended(outcome)
        }
    }
}
