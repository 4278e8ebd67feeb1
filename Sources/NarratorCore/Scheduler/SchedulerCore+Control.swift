import NarratorWire

extension SchedulerCore {
    /// Removes matching waiting announcements and stops the speaking one if it matches. A cancel is an
    /// explicit request, so it applies to high speech too.
    mutating func cancel(_ target: CancelTarget, _ context: inout Context) {
        let matches: (Announcement) -> Bool
        var takesWaiting = true
        switch target {
        case .all: matches = { _ in true }
        case .client(let client): matches = { $0.client == client }
        case .scope(let scope): matches = { $0.policy.scope.map(scope.contains) ?? false }
        case .speaking(let client):
            matches = { announcement in client.map { announcement.client == $0 } ?? true }
            takesWaiting = false
        case .announcement(let id): matches = { $0.id == id }
        }
        if takesWaiting { queue.removeAll(announcements: matches) { context.report($0.id, .cancelled) } }
        guard let current, matches(current.entry.announcement) else { return }
        switch phase {
        case .idle:
            break
        case .speaking:
            stopCurrent(because: .cancelled, &context)
        case .stopping(let reason):
            if reason.yields(resumable: current.entry.announcement.policy.resume) { phase = .stopping(.cancelled) }
        }
    }

    /// Silences speech; the speaking announcement, if paused, is stopped and kept to continue from the start
    /// of its current sentence. New announcements keep queueing (a high too: it waits, first in line).
    mutating func pause(_ target: PauseTarget, _ context: inout Context) {
        switch target {
        case .all: pausedAll = true
        case .client(let client): if !pausedClients.contains(client) { pausedClients.append(client) }
        }
        if phase == .speaking, let current, !mayStart(current.entry.client) {
            stopCurrent(because: .paused, &context)
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
            pausedClients.removeAll { $0 == client }
        }
        guard phase == .speaking, let current,
            let (lane, index) = queue.first(where: { entry in
                !before.mayStart(entry.client) && mayStart(entry.client)
                    && entry.priority.interrupts(current.entry.priority)
                    && (!entry.hasStarted || entry.priority == .high)
            })
        else { return }
        cutIn(lane: lane, index: index, &context)
    }
}
