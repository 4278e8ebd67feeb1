public import NarratorWire

/// The announcement scheduler: decides what is spoken, when, and what gets cut.
///
/// A pure state machine. Feed it every ``Input`` with the current instant and carry out the returned
/// ``Action``s in order; it never reads a clock, sleeps or does I/O. Expiry needs a wake-up: after each
/// input, arm a timer for ``nextDeadline`` (if any) and feed ``SchedulerInput/tick`` when it fires.
///
/// Generic over the instant so that production uses `ContinuousClock.Instant` and tests a manual clock.
/// This type only converts instants; the rules live in a concrete core (see `SchedulerCore`), which keeps
/// time as the duration since the first instant handed in. docs/PRIORITIES.md states the rules; each row
/// there is a test.
public struct Scheduler<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    public typealias Input = SchedulerInput
    public typealias CancelTarget = NarratorCore.CancelTarget
    public typealias PauseTarget = NarratorCore.PauseTarget

    @usableFromInline var core: SchedulerCore
    /// The first instant handed in: the core's time zero.
    @usableFromInline var epoch: Instant?
    /// The core's output buffer, kept between inputs so handling one does not allocate.
    @usableFromInline var events: [SchedulerEvent] = []

    /// - Parameter queueBound: See ``queueBound``; at least 1.
    public init(queueBound: Int = 64) {
        core = SchedulerCore(queueBound: queueBound)
    }

    /// Most waiting announcements kept before the oldest of the lowest priority present is dropped.
    /// Highs are never dropped, so the queue exceeds this only when it holds nothing but highs.
    public var queueBound: Int { core.queueBound }

    /// The earliest instant at which a waiting announcement expires: feed ``SchedulerInput/tick`` then.
    public var nextDeadline: Instant? {
        guard let epoch, let deadline = core.queue.nextDeadline else { return nil }
        return epoch.advanced(by: deadline)
    }

    /// How many announcements wait (not counting the speaking one).
    public var queuedCount: Int { core.queue.count }

    /// The announcement the engine is speaking or being asked to stop, if any.
    public var currentID: AnnouncementID? { core.current?.id }

    /// Whether `client`'s speech is silenced by a pause of all or of that client.
    public func isPaused(_ client: ClientID) -> Bool { !core.mayStart(client) }

    /// Whether a pause of all speech is on.
    public var isPausedForAll: Bool { core.pausedAll }

    /// The clients that paused their own speech, in the order they did; a pause of all is apart.
    public var pausedClients: [ClientID] { core.pausedClients }

    /// Handles one input at `now`, appending the resulting actions to `actions` (which is not cleared,
    /// so a driver can reuse one buffer without allocating).
    ///
    /// Inlinable so that the caller specializes this conversion for its instant type; unspecialized, it
    /// would look up generic metadata for every action. The rules themselves stay behind `core`.
    @inlinable
    public mutating func handle(_ input: Input, at now: Instant, into actions: inout [Action]) {
        let epoch = self.epoch ?? now
        self.epoch = epoch
        var events = self.events
        self.events = []
        core.handle(input, at: epoch.duration(to: now), into: &events)
        for event in events {
            switch event {
            case .speak(let id, let text, let from): actions.append(.speak(id, text: text, from: from))
            case .stop(let id): actions.append(.stop(id))
            case .report(let id, let outcome): actions.append(.report(Report(id: id, outcome: outcome, at: now)))
            }
        }
        // Clearing an empty array still costs a call into replaceSubrange; most inputs have events.
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        self.events = events
    }

    /// Handles one input at `now` and returns the resulting actions.
    public mutating func handle(_ input: Input, at now: Instant) -> [Action] {
        var actions: [Action] = []
        handle(input, at: now, into: &actions)
        return actions
    }
}
