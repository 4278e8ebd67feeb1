extension Scheduler {
    /// Replies about any other id than the current one are stale (a reply racing a stop) and ignored.
    mutating func speechStarted(_ id: AnnouncementID, _ context: inout Context) {
        switch slot {
        case .speaking(var current) where current.id == id && !current.engineStarted:
            current.engineStarted = true
            slot = .speaking(current)
            reportStart(of: current, &context)
        case .stopping(var current, let reason) where current.id == id && !current.engineStarted:
            current.engineStarted = true
            slot = .stopping(current, reason)
            reportStart(of: current, &context)
        default:
            return
        }
    }

    private func reportStart(of current: Utterance<Instant>, _ context: inout Context) {
        context.report(current.id, current.isResumption ? .resumed(position: current.lastSentence) : .started)
    }

    /// Remembers the last sentence start: a cut announcement resumes from there, even if the engine
    /// reached it just before it honoured the stop.
    mutating func speechReached(_ id: AnnouncementID, position: Int) {
        switch slot {
        case .speaking(var current) where current.id == id:
            current.lastSentence = position
            slot = .speaking(current)
        case .stopping(var current, let reason) where current.id == id:
            current.lastSentence = position
            slot = .stopping(current, reason)
        default:
            return
        }
    }

    /// Finished wins even over a pending stop: the listener did hear the whole announcement.
    mutating func speechFinished(_ id: AnnouncementID, _ context: inout Context) {
        guard let current = slot.utterance, current.id == id else { return }
        slot = .idle
        context.report(id, .finished)
    }

    /// Settles the outcome decided when the stop was requested. An unrequested stop (the engine gave up
    /// on its own) ends the announcement as interrupted by nobody, so a failing text cannot loop.
    mutating func speechStopped(_ id: AnnouncementID, _ context: inout Context) {
        switch slot {
        case .speaking(let current) where current.id == id:
            slot = .idle
            context.report(id, .interrupted(by: nil))
        case .stopping(let current, let reason) where current.id == id:
            slot = .idle
            switch reason {
            case .interrupted(let newer) where !current.entry.announcement.policy.resume:
                context.report(id, .interrupted(by: newer))
            case .interrupted(let newer):
                suspend(current, behind: newer, &context)
            case .paused:
                suspend(current, behind: nil, &context)
            case .superseded(let newer):
                context.report(id, .superseded(by: newer))
            case .cancelled:
                context.report(id, .cancelled)
            }
        default:
            return
        }
    }

    /// Puts a cut announcement back at the front of its priority's line (behind the one that cut it), to
    /// continue from the start of the sentence that was cut. It counts towards the bound like any other.
    private mutating func suspend(
        _ current: Utterance<Instant>, behind cutter: AnnouncementID?, _ context: inout Context
    ) {
        var entry = current.entry
        entry.position = current.lastSentence
        context.report(entry.id, .suspended(position: entry.position))
        queue.pushFront(entry, behind: cutter)
        queue.trim(to: queueBound) { context.report($0.id, .dropped) }
    }
}
