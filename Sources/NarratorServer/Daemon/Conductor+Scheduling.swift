import Logging
import NIOCore
import NarratorCore
import NarratorVoice
import NarratorWire

extension Conductor {
    /// Hands one input to the scheduler and carries out what it decides.
    func feed(_ input: SchedulerInput) {
        var pending = [input]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            let now = ContinuousClock.now
            for action in scheduler.handle(next, at: now) {
                if let failed = perform(action) { pending.append(failed) }
            }
        }
        armTimer()
    }

    /// Carries out one action; returns an input to feed back when the engine refused to speak.
    private func perform(_ action: Scheduler<ContinuousClock.Instant>.Action) -> SchedulerInput? {
        switch action {
        case .speak(let id, let text, let position):
            let voice = live[id]?.voice ?? defaults.voice
            let events = speechEventSink
            do {
                try speaker.speak(
                    SpeechRequest(
                        id: id, text: text, voice: voice, startPosition: position, ssml: live[id]?.ssml ?? false),
                    observer: { events.yield($0) })
            } catch {
                logger.error(
                    "The speech engine refused an announcement", metadata: ["id": "\(id)", "error": "\(error)"])
                return .speechStopped(id)
            }
        case .stop(let id):
            speaker.stop(id)
        case .report(let report):
            notify(report)
        }
        return nil
    }

    /// Speech events, as scheduler inputs.
    func handle(_ event: SpeakerEvent) {
        switch event {
        case .started(let id): feed(.speechStarted(id))
        case .sentence(let id, let position): feed(.speechReachedSentence(id, position: position))
        case .finished(let id): feed(.speechFinished(id))
        case .stopped(let id, _): feed(.speechStopped(id))
        case .failed(let id, let reason):
            logger.error("Announcement \(id) could not be spoken: \(reason)")
            feed(.speechFailed(id, reason: reason))
        }
    }

    /// Expiry needs a wake-up at the scheduler's next deadline; re-armed only when it moves.
    private func armTimer() {
        let deadline = scheduler.nextDeadline
        guard deadline != armedDeadline else { return }
        timer?.cancel()
        armedDeadline = deadline
        guard let deadline else { return }
        // A timer of the event loop, which is this actor's executor: no task, no thread of its own.
        let delay = ContinuousClock.now.duration(to: deadline)
        let nanoseconds = max(
            0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        timer = eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) { [weak self] in
            self?.assumeIsolated { $0.expiryTimerFired(deadline) }
        }
    }

    private func expiryTimerFired(_ deadline: ContinuousClock.Instant) {
        guard armedDeadline == deadline else { return }
        armedDeadline = nil
        feed(.tick)
    }

    /// Sends an outcome to the subscribers who want it, and forgets ended announcements.
    private func notify(_ report: Scheduler<ContinuousClock.Instant>.Report) {
        guard let announcement = live[report.id] else { return }
        counters.outcomes[report.outcome.name, default: 0] += 1
        remember(report.outcome, of: report.id, at: milliseconds(report.at))
        // Most outcomes have no subscriber (a game streaming scores): build the line only when sent.
        let listeners = sessions.values.filter { $0.wants(notificationsOf: announcement.client) }
        if !listeners.isEmpty {
            let outcome = Notification.OutcomeReport(
                report, text: announcement.text,
                client: sessions[announcement.client]?.name ?? "client \(announcement.client.rawValue)",
                milliseconds: milliseconds(report.at))
            deliver(Notification.outcome(outcome).line, to: listeners)
        }
        if report.outcome.isTerminal {
            live.removeValue(forKey: report.id)
            // The daemon falls quiet: what a burst of speech left free is given back.
            if live.isEmpty { MemoryKeeper.giveBackAfterBurst() }
            if var left = outstanding[announcement.client] {
                left.count -= 1
                left.bytes -= announcement.text.utf8.count
                outstanding[announcement.client] = left.count > 0 ? left : nil
            }
        }
    }
}
