/// The waiting announcements: one first-in-first-out line per priority, high first.
///
/// The bound is small (64 by default), so plain arrays and linear scans beat any cleverer structure;
/// the only thing kept incrementally is the earliest expiry, because every input checks it.
struct AnnouncementQueue<Instant: InstantProtocol>: Sendable {
    typealias Entry = QueueEntry<Instant>

    /// Index 0 is high, 1 default, 2 low (``Priority/lane``).
    private(set) var lanes: [[Entry]] = [[], [], []]
    private(set) var count = 0
    /// The earliest deadline of any waiting entry: exact, so the driver can set its timer from it.
    private(set) var nextDeadline: Instant?

    var isEmpty: Bool { count == 0 }

    /// Puts an entry at the back of its priority's line (a new arrival).
    mutating func append(_ entry: Entry) {
        lanes[entry.priority.lane].append(entry)
        added(entry)
    }

    /// Puts a suspended entry back at the front of its priority's line, but behind `cutter` if that one is
    /// first in the same line: the announcement that cut in must speak before the one it cut.
    mutating func pushFront(_ entry: Entry, behind cutter: AnnouncementID?) {
        let lane = entry.priority.lane
        let index = lanes[lane].first.map { $0.id == cutter } == true ? 1 : 0
        lanes[lane].insert(entry, at: index)
        added(entry)
    }

    /// Moves the entry at `index` to the front of its line (an arrival cutting in to speak next).
    mutating func moveToFront(lane: Int, index: Int) {
        guard index > 0 else { return }
        let entry = lanes[lane].remove(at: index)
        lanes[lane].insert(entry, at: 0)
    }

    /// Removes every waiting entry that `newer` supersedes, reporting each. `newer` takes the place in line
    /// of the first one of its own priority (the newest score keeps the old score's turn); otherwise it
    /// joins the back of its line.
    mutating func insertSuperseding(_ newer: Entry, removed: (Entry) -> Void) {
        var placed = false
        if newer.announcement.policy.supersedes != nil {
            for lane in lanes.indices {
                var index = 0
                while index < lanes[lane].count {
                    let old = lanes[lane][index]
                    guard old.isSuperseded(by: newer.announcement) else {
                        index += 1
                        continue
                    }
                    if !placed && lane == newer.priority.lane {
                        lanes[lane][index] = newer
                        placed = true
                        index += 1
                    } else {
                        lanes[lane].remove(at: index)
                        count -= 1
                    }
                    removed(old)
                }
            }
        }
        if placed {
            // Same count as before; the replaced deadline may have been the earliest.
            refreshDeadline()
        } else {
            append(newer)
        }
    }

    /// Drops entries while the queue is over `bound`: the front of the lowest non-high line present.
    /// Highs are never dropped, so a queue holding only highs may exceed the bound.
    mutating func trim(to bound: Int, dropped: (Entry) -> Void) {
        var removedAny = false
        while count > bound {
            guard let lane = lanes.indices.reversed().first(where: { $0 != 0 && !lanes[$0].isEmpty }) else { break }
            dropped(lanes[lane].removeFirst())
            count -= 1
            removedAny = true
        }
        if removedAny { refreshDeadline() }
    }

    /// Removes every entry whose deadline has come (`deadline <= now`), reporting each.
    mutating func expire(at now: Instant, expired: (Entry) -> Void) {
        guard let deadline = nextDeadline, deadline <= now else { return }
        removeAll(where: { entry in entry.deadline.map { $0 <= now } ?? false }, removed: expired)
    }

    /// Removes every entry matching `predicate`, in line order, reporting each.
    mutating func removeAll(where predicate: (Entry) -> Bool, removed: (Entry) -> Void) {
        var removedAny = false
        for lane in lanes.indices {
            var index = 0
            while index < lanes[lane].count {
                if predicate(lanes[lane][index]) {
                    removed(lanes[lane].remove(at: index))
                    count -= 1
                    removedAny = true
                } else {
                    index += 1
                }
            }
        }
        if removedAny { refreshDeadline() }
    }

    /// The first entry in line order whose client may speak now, without removing it.
    func first(where isEligible: (Entry) -> Bool) -> (lane: Int, index: Int)? {
        for lane in lanes.indices {
            if let index = lanes[lane].firstIndex(where: isEligible) { return (lane, index) }
        }
        return nil
    }

    /// Removes and returns the entry at a position found by ``first(where:)``.
    mutating func remove(lane: Int, index: Int) -> Entry {
        let entry = lanes[lane].remove(at: index)
        count -= 1
        if entry.deadline != nil && entry.deadline == nextDeadline { refreshDeadline() }
        return entry
    }

    private mutating func added(_ entry: Entry) {
        count += 1
        if let deadline = entry.deadline, nextDeadline.map({ deadline < $0 }) ?? true {
            nextDeadline = deadline
        }
    }

    private mutating func refreshDeadline() {
        nextDeadline = nil
        for lane in lanes {
            for entry in lane {
                if let deadline = entry.deadline, nextDeadline.map({ deadline < $0 }) ?? true {
                    nextDeadline = deadline
                }
            }
        }
    }
}
