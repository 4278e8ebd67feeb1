public import NarratorWire

/// The scheduler's state and rules, with time as a `Duration` since an epoch chosen by ``Scheduler``.
///
/// Kept free of generics on purpose: ``Scheduler`` is generic over the instant type and is called from
/// other modules, where generic code would run unspecialized and copy every queue entry through value
/// witnesses (about 6 µs per input instead of about 0.5 µs: docs/benchmarks/HISTORY-2026-11.md, "Scheduler").
@usableFromInline
struct SchedulerCore: Sendable {
    let queueBound: Int
    var queue = AnnouncementQueue()
    /// What the engine is doing; `current` is the utterance unless the phase is idle.
    var phase = SpeechPhase.idle
    var current: Utterance?
    var pausedAll = false
    /// Clients paused on their own. An array, not a set: there are a handful at most, and `mayStart` runs
    /// for every ticket a scan looks at, where hashing would cost more than the scan.
    var pausedClients: [ClientID] = []

    init(queueBound: Int) {
        precondition(queueBound >= 1, "the queue must hold at least one announcement")
        self.queueBound = queueBound
    }

    /// Handles one input at `now`, appending what the driver must do to `events`.
    @usableFromInline
    mutating func handle(_ input: SchedulerInput, at now: Duration, into events: inout [SchedulerEvent]) {
        var context = Context(now: now, events: events)
        events = []  // Hand the buffer's storage to the context so appends do not copy it.
        // Deadlines are checked before anything else, so an input never revives an expired entry.
        queue.expire(at: now) { context.report($0.id, .expired) }
        switch input {
        case .submit(let announcement): submit(announcement, &context)
        case .speechStarted(let id): speechStarted(id, &context)
        case .speechReachedSentence(let id, let position): speechReached(id, position: position)
        case .speechFinished(let id): speechFinished(id, &context)
        case .speechStopped(let id): speechStopped(id, &context)
        case .speechFailed(let id, let reason): speechFailed(id, reason: reason, &context)
        case .tick: break
        case .cancel(let target): cancel(target, &context)
        case .pause(let target): pause(target, &context)
        case .resume(let target): resume(target, &context)
        }
        startNextIfIdle(&context)
        events = context.events
    }

    /// Whether `client`'s announcements may be spoken now.
    func mayStart(_ client: ClientID) -> Bool {
        !pausedAll && (pausedClients.isEmpty || !pausedClients.contains(client))
    }

    /// Hands the first waiting announcement whose client is not paused to the engine, if nothing else is
    /// speaking or being stopped ("at most one speaking").
    mutating func startNextIfIdle(_ context: inout Context) {
        guard phase == .idle, !queue.isEmpty, !pausedAll,
            let (lane, index) = queue.first(where: { mayStart($0.client) })
        else { return }
        var entry = queue.remove(lane: lane, index: index)
        let isResumption = entry.hasStarted
        entry.hasStarted = true
        entry.deadline = nil
        phase = .speaking
        current = Utterance(
            entry: entry, lastSentence: entry.position, engineStarted: false, isResumption: isResumption)
        context.events.append(.speak(entry.id, text: entry.announcement.text, from: entry.position))
    }

    /// The instant and the events of the input being handled.
    struct Context {
        let now: Duration
        var events: [SchedulerEvent]

        mutating func report(_ id: AnnouncementID, _ outcome: Outcome) {
            events.append(.report(id, outcome))
        }
    }
}

/// An action of the core, before ``Scheduler`` stamps reports with the caller's instant.
@usableFromInline
enum SchedulerEvent: Sendable {
    case speak(AnnouncementID, text: String, from: Int)
    case stop(AnnouncementID)
    case report(AnnouncementID, Outcome)
}
