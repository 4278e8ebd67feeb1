/// The announcement scheduler: decides what is spoken, when, and what gets cut.
///
/// A pure state machine. Feed it every ``Input`` with the current instant and carry out the returned
/// ``Action``s in order; it never reads a clock, sleeps or does I/O. Expiry needs a wake-up: after each
/// input, arm a timer for ``nextDeadline`` (if any) and feed ``Input/tick`` when it fires.
///
/// Generic over the instant so that production uses `ContinuousClock.Instant` and tests a manual clock.
/// docs/PRIORITIES.md states the rules; each row there is a test.
public struct Scheduler<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    /// Most waiting announcements kept before the oldest of the lowest priority present is dropped.
    /// Highs are never dropped, so the queue exceeds this only when it holds nothing but highs.
    public let queueBound: Int

    var queue = AnnouncementQueue<Instant>()
    var slot = SpeechSlot<Instant>.idle
    var pausedAll = false
    var pausedClients: Set<ClientID> = []

    /// - Parameter queueBound: See ``queueBound``; at least 1.
    public init(queueBound: Int = 64) {
        precondition(queueBound >= 1, "the queue must hold at least one announcement")
        self.queueBound = queueBound
    }

    /// The earliest instant at which a waiting announcement expires: feed ``Input/tick`` then.
    public var nextDeadline: Instant? { queue.nextDeadline }

    /// How many announcements wait (not counting the speaking one).
    public var queuedCount: Int { queue.count }

    /// The announcement the engine is speaking or being asked to stop, if any.
    public var currentID: AnnouncementID? { slot.utterance?.id }

    /// Whether `client`'s speech is silenced by a pause of all or of that client.
    public func isPaused(_ client: ClientID) -> Bool { !mayStart(client) }

    /// Handles one input at `now`, appending the resulting actions to `actions` (which is not cleared,
    /// so a driver can reuse one buffer without allocating).
    public mutating func handle(_ input: Input, at now: Instant, into actions: inout [Action]) {
        var context = Context(now: now, actions: actions)
        actions = []  // Hand the buffer's storage to the context so appends do not copy it.
        // Deadlines are checked before anything else, so an input never revives an expired entry.
        queue.expire(at: now) { context.report($0.id, .expired) }
        switch input {
        case .submit(let announcement): submit(announcement, &context)
        case .speechStarted(let id): speechStarted(id, &context)
        case .speechReachedSentence(let id, let position): speechReached(id, position: position)
        case .speechFinished(let id): speechFinished(id, &context)
        case .speechStopped(let id): speechStopped(id, &context)
        case .tick: break
        case .cancel(let target): cancel(target, &context)
        case .pause(let target): pause(target, &context)
        case .resume(let target): resume(target, &context)
        }
        startNextIfIdle(&context)
        actions = context.actions
    }

    /// Handles one input at `now` and returns the resulting actions.
    public mutating func handle(_ input: Input, at now: Instant) -> [Action] {
        var actions: [Action] = []
        handle(input, at: now, into: &actions)
        return actions
    }

    /// Whether `client`'s announcements may be spoken now.
    func mayStart(_ client: ClientID) -> Bool {
        !pausedAll && (pausedClients.isEmpty || !pausedClients.contains(client))
    }

    /// Hands the first waiting announcement whose client is not paused to the engine, if nothing else is
    /// speaking or being stopped ("at most one speaking").
    mutating func startNextIfIdle(_ context: inout Context) {
        guard case .idle = slot, !queue.isEmpty, !pausedAll,
            let (lane, index) = queue.first(where: { mayStart($0.client) })
        else { return }
        var entry = queue.remove(lane: lane, index: index)
        let isResumption = entry.hasStarted
        entry.hasStarted = true
        entry.deadline = nil
        slot = .speaking(
            Utterance(entry: entry, lastSentence: entry.position, engineStarted: false, isResumption: isResumption))
        context.actions.append(.speak(entry.id, text: entry.announcement.text, from: entry.position))
    }

    /// The instant and the actions of the input being handled.
    struct Context {
        let now: Instant
        var actions: [Action]

        mutating func report(_ id: AnnouncementID, _ outcome: Outcome) {
            actions.append(.report(Report(id: id, outcome: outcome, at: now)))
        }
    }
}
