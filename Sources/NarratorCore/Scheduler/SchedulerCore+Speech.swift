import NarratorWire

extension SchedulerCore {
    /// Replies about any other id than the current one are stale (a reply racing a stop) and ignored.
    mutating func speechStarted(_ id: AnnouncementID, _ context: inout Context) {
        guard current?.id == id, current?.engineStarted == false else { return }
        current!.engineStarted = true
        context.report(id, current!.isResumption ? .resumed(position: current!.lastSentence) : .started)
    }

    /// Remembers the last sentence start: a cut announcement resumes from there, even if the engine
    /// reached it just before it honoured the stop.
    mutating func speechReached(_ id: AnnouncementID, position: Int) {
        guard current?.id == id else { return }
        current!.lastSentence = position
    }

    /// Finished wins even over a pending stop: the listener did hear the whole announcement.
    mutating func speechFinished(_ id: AnnouncementID, _ context: inout Context) {
        guard current?.id == id else { return }
        phase = .idle
        current = nil
        context.report(id, .finished)
    }

    /// The engine could not make it heard. A stop already asked for settles as asked (the listener
    /// lost nothing they were meant to hear); otherwise it ends `failed`, never resumed, so a broken
    /// output cannot loop one announcement.
    mutating func speechFailed(_ id: AnnouncementID, reason: String, _ context: inout Context) {
        guard current?.id == id else { return }
        if case .stopping = phase {
            speechStopped(id, &context)
            return
        }
        phase = .idle
        current = nil
        context.report(id, .failed(reason: reason))
    }

    /// Settles the outcome decided when the stop was requested. An unrequested stop (the engine gave up
    /// on its own) ends the announcement as interrupted by nobody, so a failing text cannot loop.
    mutating func speechStopped(_ id: AnnouncementID, _ context: inout Context) {
        guard let stopped = current, stopped.id == id else { return }
        let reason: StopReason?
        if case .stopping(let requested) = phase { reason = requested } else { reason = nil }
        phase = .idle
        current = nil
        switch reason {
        case nil:
            context.report(id, .interrupted(by: nil))
        case .interrupted(let newer) where !stopped.entry.announcement.policy.resume:
            context.report(id, .interrupted(by: newer))
        case .interrupted(let newer):
            suspend(stopped, behind: newer, &context)
        case .paused:
            suspend(stopped, behind: nil, &context)
        case .superseded(let newer):
            context.report(id, .superseded(by: newer))
        case .cancelled:
            context.report(id, .cancelled)
        }
    }

    /// Puts a cut announcement back at the front of its priority's line (behind the one that cut it), to
    /// continue from the start of the sentence that was cut. It counts towards the bound like any other.
    private mutating func suspend(_ stopped: Utterance, behind cutter: AnnouncementID?, _ context: inout Context) {
        var entry = stopped.entry
        entry.position = stopped.lastSentence
        context.report(entry.id, .suspended(position: entry.position))
        queue.pushFront(entry, behind: cutter)
        queue.trim(to: queueBound) { context.report($0.id, .dropped) }
    }
}
