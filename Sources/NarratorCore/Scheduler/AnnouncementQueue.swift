import NarratorWire

/// The waiting announcements: one first-in-first-out line per priority, high first.
///
/// The bound is small (64 by default), so plain arrays and linear scans beat any cleverer structure. The
/// lines hold small ``QueueTicket``s and the entries live in a slot store, so moving a line never copies
/// strings. Every input checks expiry against a lower bound of the earliest deadline, so removals need not
/// rescan the queue; the expiry pass itself makes the bound exact again.
struct AnnouncementQueue: Sendable {
    typealias Entry = QueueEntry

    /// Index 0 is high, 1 default, 2 low (``Priority/lane``).
    private(set) var lanes: [[QueueTicket]] = [[], [], []]
    private(set) var count = 0
    /// No waiting entry expires before this (it may be earlier than the earliest deadline after removals).
    private var deadlineBound: Duration?
    /// Entries by ticket slot; `nil` for a free slot.
    private var store: [Entry?] = []
    private var freeSlots: [Int] = []

    var isEmpty: Bool { count == 0 }

    /// Puts an entry at the back of its priority's line (a new arrival).
    mutating func append(_ entry: Entry) {
        let ticket = stored(entry)
        lanes[ticket.priority.lane].append(ticket)
    }

    /// Puts a suspended entry back at the front of its priority's line, but behind `cutter` if that one is
    /// first in the same line: the announcement that cut in must speak before the one it cut.
    mutating func pushFront(_ entry: Entry, behind cutter: AnnouncementID?) {
        let ticket = stored(entry)
        let lane = ticket.priority.lane
        lanes[lane].insert(ticket, at: lanes[lane].first.map { $0.id == cutter } == true ? 1 : 0)
    }

    /// Moves the ticket at `index` to the front of its line (an arrival cutting in to speak next).
    mutating func moveToFront(lane: Int, index: Int) {
        guard index > 0 else { return }
        lanes[lane].insert(lanes[lane].remove(at: index), at: 0)
    }

    /// The earliest deadline of any waiting entry, exactly (a scan: for the driver's timer, not per input).
    var nextDeadline: Duration? {
        lanes.joined().compactMap(\.deadline).min()
    }

    /// Removes every waiting entry that `newer` supersedes, reporting each. `newer` takes the place in line
    /// of the first one of its own priority (the newest score keeps the old score's turn); otherwise it
    /// joins the back of its line.
    mutating func insertSuperseding(_ newer: Entry, removed: (Entry) -> Void) {
        let tag = newer.supersedeTag
        var placed = false
        if tag != 0 {
            for lane in lanes.indices {
                var index = 0
                while index < lanes[lane].count {
                    let ticket = lanes[lane][index]
                    guard ticket.supersedeTag == tag, store[ticket.slot]!.isSuperseded(by: newer.announcement) else {
                        index += 1
                        continue
                    }
                    if !placed && lane == newer.priority.lane {
                        // Replaced in place: no shifting of the line.
                        removed(release(ticket))
                        lanes[lane][index] = stored(newer)
                        placed = true
                        index += 1
                    } else {
                        lanes[lane].remove(at: index)
                        removed(release(ticket))
                    }
                }
            }
        }
        if !placed { append(newer) }
    }

    /// Drops entries while the queue is over `bound`: the front of the lowest non-high line present.
    /// Highs are never dropped, so a queue holding only highs may exceed the bound.
    mutating func trim(to bound: Int, dropped: (Entry) -> Void) {
        while count > bound {
            guard let lane = lanes.indices.reversed().first(where: { $0 != 0 && !lanes[$0].isEmpty }) else { break }
            dropped(release(lanes[lane].removeFirst()))
        }
    }

    /// Removes every entry whose deadline has come (`deadline <= now`), reporting each, and makes the
    /// deadline bound exact again in the same pass.
    mutating func expire(at now: Duration, expired: (Entry) -> Void) {
        guard let bound = deadlineBound, bound <= now else { return }
        deadlineBound = nil
        for lane in lanes.indices {
            var index = 0
            while index < lanes[lane].count {
                guard let deadline = lanes[lane][index].deadline else {
                    index += 1
                    continue
                }
                if deadline <= now {
                    expired(release(lanes[lane].remove(at: index)))
                } else {
                    if deadlineBound.map({ deadline < $0 }) ?? true { deadlineBound = deadline }
                    index += 1
                }
            }
        }
    }

    /// Removes every entry whose ticket matches `predicate`, in line order, reporting each.
    mutating func removeAll(where predicate: (QueueTicket) -> Bool, removed: (Entry) -> Void) {
        for lane in lanes.indices {
            var index = 0
            while index < lanes[lane].count {
                if predicate(lanes[lane][index]) {
                    removed(release(lanes[lane].remove(at: index)))
                } else {
                    index += 1
                }
            }
        }
    }

    /// Removes every entry whose announcement matches `predicate` (cancel). Matches are found first and
    /// removed after, so the store is never copied while it is being changed.
    mutating func removeAll(announcements predicate: (Announcement) -> Bool, removed: (Entry) -> Void) {
        var matching: [AnnouncementID] = []
        for lane in lanes {
            for ticket in lane where predicate(store[ticket.slot]!.announcement) { matching.append(ticket.id) }
        }
        guard !matching.isEmpty else { return }
        removeAll(where: { matching.contains($0.id) }, removed: removed)
    }

    /// The first ticket in line order matching `predicate`, without removing it.
    func first(where predicate: (QueueTicket) -> Bool) -> (lane: Int, index: Int)? {
        for lane in lanes.indices {
            if let index = lanes[lane].firstIndex(where: predicate) { return (lane, index) }
        }
        return nil
    }

    /// Removes and returns the entry at a position found by ``first(where:)``.
    mutating func remove(lane: Int, index: Int) -> Entry {
        release(lanes[lane].remove(at: index))
    }

    /// Stores an entry and returns its ticket (not yet in a line).
    private mutating func stored(_ entry: Entry) -> QueueTicket {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            store[slot] = entry
        } else {
            slot = store.count
            store.append(entry)
        }
        count += 1
        if let deadline = entry.deadline, deadlineBound.map({ deadline < $0 }) ?? true { deadlineBound = deadline }
        return QueueTicket(entry, slot: slot)
    }

    /// Frees the slot of a ticket already taken out of its line and returns its entry.
    private mutating func release(_ ticket: QueueTicket) -> Entry {
        let entry = store[ticket.slot]!
        store[ticket.slot] = nil
        freeSlots.append(ticket.slot)
        count -= 1
        if count == 0 { deadlineBound = nil }
        return entry
    }
}
