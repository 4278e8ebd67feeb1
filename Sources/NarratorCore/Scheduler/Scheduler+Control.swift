extension Scheduler {
    /// Removes matching waiting announcements and stops the speaking one if it matches. A cancel is an
    /// explicit request, so it applies to high speech too.
    mutating func cancel(_ target: CancelTarget, _ context: inout Context) {
        let matches: (Announcement) -> Bool
        switch target {
        case .all: matches = { _ in true }
        case .client(let client): matches = { $0.client == client }
        case .scope(let scope): matches = { $0.policy.scope.map(scope.contains) ?? false }
        }
        queue.removeAll(where: { matches($0.announcement) }) { context.report($0.id, .cancelled) }
        switch slot {
        case .speaking(let current) where matches(current.entry.announcement):
            stopCurrent(current, because: .cancelled, &context)
        case .stopping(let current, let reason)
        where matches(current.entry.announcement) && reason.yields(resumable: current.entry.announcement.policy.resume):
            slot = .stopping(current, .cancelled)
        default:
            break
        }
    }

    /// Silences speech; the speaking announcement, if paused, is stopped and kept to continue from the start
    /// of its current sentence. New announcements keep queueing (a high too: it waits, first in line).
    mutating func pause(_ target: PauseTarget, _ context: inout Context) {
        switch target {
        case .all: pausedAll = true
        case .client(let client): pausedClients.insert(client)
        }
        if case .speaking(let current) = slot, !mayStart(current.entry.client) {
            stopCurrent(current, because: .paused, &context)
        }
    }

    /// Lifts a pause. Announcements that were waiting behind it behave as if they arrived now: one whose
    /// priority may interrupt the speaking one cuts it (a high always; a suspended non-high does not, it
    /// was already cut once and waits its turn).
    mutating func resume(_ target: PauseTarget, _ context: inout Context) {
        let before = self
        switch target {
        case .all:
            pausedAll = false
            pausedClients.removeAll()
        case .client(let client):
            pausedClients.remove(client)
        }
        guard case .speaking(let current) = slot,
            let (lane, index) = queue.first(where: { entry in
                !before.mayStart(entry.client) && mayStart(entry.client)
                    && entry.priority.interrupts(current.entry.priority)
                    && (!entry.hasStarted || entry.priority == .high)
            })
        else { return }
        cutIn(lane: lane, index: index, &context)
    }
}
