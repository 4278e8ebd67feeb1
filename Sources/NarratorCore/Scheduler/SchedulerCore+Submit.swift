import NarratorWire

extension SchedulerCore {
    /// Queues a new announcement, applies superseding and the bound, and cuts the speaking one if the
    /// newcomer's priority may interrupt it.
    mutating func submit(_ announcement: Announcement, _ context: inout Context) {
        context.report(announcement.id, .queued)
        let entry = QueueEntry(announcement, submittedAt: context.now)
        queue.insertSuperseding(entry) { context.report($0.id, .superseded(by: announcement.id)) }
        supersedeCurrent(by: announcement, &context)
        queue.trim(to: queueBound) { context.report($0.id, .dropped) }

        // Only an arrival (or an announcement freed by a resume) interrupts, and only if its client may
        // speak; see cutIn.
        // The cheap checks first: the lookup is only worth it when a cut is possible (the trim may have
        // moved or dropped the newcomer, so it is found again).
        guard phase == .speaking, let current, announcement.priority.interrupts(current.entry.priority),
            mayStart(announcement.client), let (lane, index) = queue.first(where: { $0.id == announcement.id })
        else { return }
        cutIn(lane: lane, index: index, &context)
    }

    /// Lets the waiting entry at `lane`/`index` interrupt the speaking one if its priority may, and if it is
    /// next in line: no announcement of its client or another that has not started yet and may speak waits
    /// ahead of it. It then moves to the front of its line (ahead of suspended ones), so interrupting
    /// always means "speak next", and fresh announcements of a priority still start in arrival order.
    mutating func cutIn(lane: Int, index: Int, _ context: inout Context) {
        guard phase == .speaking, let current else { return }
        let ticket = queue.lanes[lane][index]
        guard ticket.priority.interrupts(current.entry.priority), !ticket.hasStarted || ticket.priority == .high,
            !queue.lanes[lane][..<index].contains(where: { !$0.hasStarted && mayStart($0.client) })
        else { return }
        queue.moveToFront(lane: lane, index: index)
        stopCurrent(because: .interrupted(by: ticket.id), &context)
    }

    /// Stops the speaking announcement if `newer` supersedes it; a speaking high is never stopped.
    private mutating func supersedeCurrent(by newer: Announcement, _ context: inout Context) {
        guard let key = newer.policy.supersedes, let current, current.entry.client == newer.client,
            current.entry.announcement.policy.supersedes == key, current.entry.priority != .high
        else { return }
        switch phase {
        case .idle:
            return
        case .speaking:
            stopCurrent(because: .superseded(by: newer.id), &context)
        case .stopping(let reason):
            // Being stopped to be kept (paused, or cut with resume): it would come back stale.
            guard reason.yields(resumable: current.entry.announcement.policy.resume) else { return }
            phase = .stopping(.superseded(by: newer.id))
        }
    }

    /// Asks the engine to stop the speaking announcement; its outcome waits for the engine's reply.
    mutating func stopCurrent(because reason: StopReason, _ context: inout Context) {
        guard let current else { return }
        phase = .stopping(reason)
        context.events.append(.stop(current.id))
    }
}
