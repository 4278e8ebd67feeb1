import NarratorSystem

/// Narration for a game: events go to the narrator daemon without ever blocking or failing the
/// game. Without a daemon the game runs silently, says so once, and connects when one appears.
///
/// `send` only queues; a worker thread connects, writes and reads. The game collects what came
/// back (replies with announcement ids, outcomes of its announcements) with `poll()`.
public final class Narration: @unchecked Sendable {
    /// What the daemon said, for the game loop.
    public enum Update: Sendable, Equatable {
        /// A request sent with `tag` was accepted as announcement `id` (nil: silent or refused).
        case accepted(tag: String, id: String?)
        /// An announcement of this game reached an outcome (`finished`, `cancelled`, ...).
        case outcome(id: String, outcome: Outcome)
        case connected
        case disconnected
        /// The daemon's sound output stopped working, and why.
        case soundLost(reason: String)
        /// It works again.
        case soundBack
    }

    public let socketPath: String
    private let hello: String
    private var setup: [String]
    private let notice: @Sendable (String) -> Void
    private let lock = ConditionLock()
    private var outbox: [(line: String, tag: String?)] = []
    private var updates: [Update] = []
    private var client: LineClient?
    private var sentTags: [String?] = []
    private var lastAttempt: ContinuousClock.Instant?
    private var saidOff = false
    private var closed = false

    /// Starts connecting at once (a game should know before its first event whether it is heard).
    ///
    /// - Parameters:
    ///   - profile: the name of the game's profile (its tables, event map and sounds), installed
    ///     where the daemon finds it; nil for the daemon's default.
    ///   - setup: request lines sent after `hello` on every connection (a `set` of the player's voice).
    ///   - notice: called (from the worker thread) with one line when narration turns off or on, or
    ///     when the daemon refuses the game's `hello` (a profile it does not have).
    public init(
        socketPath: String, clientName: String, locale: String?, profile: String? = nil, setup: [String] = [],
        notice: @escaping @Sendable (String) -> Void
    ) {
        self.socketPath = socketPath
        self.hello = Request.hello(client: clientName, locale: locale, profile: profile).line
        self.setup = setup
        self.notice = notice
        OSThread.start(name: "narration") { [self] in writeLoop() }
    }

    /// Queues a request (a game event, most often). `tag` asks for an `.accepted` update carrying
    /// the announcement's id.
    public func send(_ request: Request, tag: String? = nil) {
        send(line: request.line, tag: tag)
    }

    /// Queues a request line that is already JSON (one object, no line break).
    public func send(line: String, tag: String? = nil) {
        lock.withLock {
            outbox.append((line, tag))
            lock.broadcast()
        }
    }

    /// Replaces the lines sent after `hello` on the next connection (the player changed the voice:
    /// send the new `set` now as well).
    public func replaceSetup(_ lines: [String]) {
        lock.withLock { setup = lines }
    }

    /// Everything that came back since the last call, in order.
    public func poll() -> [Update] {
        lock.withLock {
            defer { updates.removeAll() }
            return updates
        }
    }

    /// Like `poll`, but waits up to `limit` for something to arrive.
    public func nextUpdates(waitingUpTo limit: Duration) -> [Update] {
        let deadline = ContinuousClock.now + limit
        lock.lock()
        defer { lock.unlock() }
        while updates.isEmpty {
            let left = deadline - .now
            if left <= .zero || !lock.wait(timeout: left) { break }
        }
        defer { updates.removeAll() }
        return updates
    }

    public var isConnected: Bool { lock.withLock { client != nil } }

    /// Stops the worker; queued events are dropped.
    public func close() {
        lock.withLock {
            closed = true
            client?.finishSending()
            lock.broadcast()
        }
    }

    private func writeLoop() {
        _ = connect()
        while true {
            lock.lock()
            while outbox.isEmpty && !closed { lock.wait() }
            if closed {
                lock.unlock()
                return
            }
            let batch = outbox
            outbox.removeAll()
            var connection = client
            lock.unlock()

            if connection == nil { connection = connect() }
            guard let connection else { continue }  // no daemon: these events are not narrated
            for item in batch {
                lock.withLock { sentTags.append(item.tag) }
                do {
                    try connection.send(item.line)
                } catch {
                    lost(connection)
                    break
                }
            }
        }
    }

    /// Connects at most twice a second; says once that narration is off while it cannot.
    private func connect() -> LineClient? {
        let now = ContinuousClock.now
        if let lastAttempt, now - lastAttempt < .milliseconds(500) { return nil }
        lastAttempt = now
        let connection: LineClient
        do {
            connection = try LineClient(path: socketPath)
        } catch {
            let first = lock.withLock {
                defer { saidOff = true }
                return !saidOff
            }
            if first {
                // The notice goes out before the update, so whoever sees the update sees the notice too.
                notice(Self.offNotice(error, socketPath: socketPath))
                lock.withLock {
                    updates.append(.disconnected)
                    lock.broadcast()
                }
            }
            return nil
        }
        let setup = lock.withLock { self.setup }
        do {
            try connection.send(hello)
            try connection.send(Request.subscribe(allClients: false).line)
            for line in setup { try connection.send(line) }
        } catch {
            return nil
        }
        lock.withLock {
            // The replies to hello, subscribe and the setup come first; nobody waits on them.
            sentTags = Array(repeating: nil, count: 2 + setup.count)
            client = connection
            updates.append(.connected)
            lock.broadcast()
            if saidOff { notice("Narration is on.") }
            saidOff = false
        }
        OSThread.start(name: "narration-read") { [self] in readLoop(connection) }
        return connection
    }

    /// Why narration is off, for the player: no daemon yet, or a socket it must not talk to.
    private static func offNotice(_ error: any Error, socketPath: String) -> String {
        if let failure = error as? LineClient.Failure, failure.reason != .noDaemon {
            return "Narration is off: \(failure.description) The game tries again while it runs."
        }
        return "Narration is off: no narrator answers on \(socketPath). Start one with `narrator serve`; "
            + "the game connects when it appears."
    }

    private func readLoop(_ connection: LineClient) {
        var helloAnswered = false
        while let text = try? connection.readLine() {
            // A line this client cannot read is not the daemon it knows: the connection ends.
            guard let line = try? DaemonLine.parse(text) else { break }
            if !helloAnswered, case .reply(let reply) = line {
                // The first reply is hello's; a refusal (no such profile) leaves the daemon's defaults.
                helloAnswered = true
                if !reply.isOK {
                    notice("The narrator refused this game's hello, so it speaks with its defaults: \(text)")
                }
            }
            lock.withLock {
                switch line {
                case .notification(.output(let state)):
                    if case .lost(let reason) = state.condition {
                        updates.append(.soundLost(reason: reason.isEmpty ? "no reason given" : reason))
                    } else {
                        updates.append(.soundBack)
                    }
                case .notification(.outcome(let report)):
                    updates.append(.outcome(id: report.id, outcome: report.outcome))
                case .notification(.mark), .notification(.latency):
                    // A game's SSML marks are not the game's loop's business (nor latencies, which
                    // it does not ask for).
                    break
                case .reply(let reply):
                    if !sentTags.isEmpty, let tag = sentTags.removeFirst() {
                        updates.append(.accepted(tag: tag, id: reply.announcementID))
                    }
                }
                lock.broadcast()
            }
        }
        lost(connection)
    }

    private func lost(_ connection: LineClient) {
        lock.withLock {
            guard client === connection else { return }
            client = nil
            sentTags.removeAll()
            updates.append(.disconnected)
            lock.broadcast()
            if !closed { notice("Narration is off: the narrator went away. The game connects again when it is back.") }
            saidOff = true
        }
    }
}
