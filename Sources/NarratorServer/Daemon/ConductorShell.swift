public import Logging
public import NIOCore
import NIOPosix
import NarratorCore
import NarratorLocalization
public import NarratorVoice
public import NarratorWire

/// Carries out what the conductor decides: the one place the daemon's decisions meet the world.
///
/// An actor whose executor is an event loop (NIO's singleton group's by default, the daemon's
/// sockets' own), so connections call it synchronously (`assumeIsolated`) and everything else
/// (the speech system's events, the audio output's changes, timers) reaches it with `send`, in the
/// order it happened. Each of those becomes one `ConductorInput`; the conductor returns actions,
/// and the shell does them in order: write, notify, speak, stop, play, arm a timer, log. The shell
/// decides nothing; it reads files (profiles, settings) only to hand what it read to the conductor.
/// See docs/SERVER.md.
public actor ConductorShell {
    public let eventLoop: any EventLoop
    /// The loop as an executor, kept for the actor's life (`unownedExecutor` does not retain it).
    private let executor: any SerialExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// The decisions, and all the state they need.
    var conductor: Conductor
    let speaker: any Speaker
    let sounds: any SoundOutput
    /// Where the profiles that clients name are found, and how they load.
    let catalog: ProfileCatalog
    /// The player's settings file and the command line over it, read again on SIGHUP; nil: none.
    let config: UserConfig?
    let logger: Logger
    /// Each connected client's door: the one way its notifications reach it.
    private var listeners: [ClientID: @Sendable (Notification) -> Void] = [:]
    /// The client being answered (`respond`), and its notifications held until its answer is written.
    private var answering: (client: ClientID, held: [Notification])?
    private var nextClient: UInt64 = 1
    /// The wake-up the conductor asked for, if any.
    private var timer: Scheduled<Void>?
    /// Inputs that carrying out actions caused (a speech system that refused), handled after them.
    private var pending: [ConductorInput] = []
    private var performing = false

    /// What a door asks the conductor on its client's behalf.
    public enum Asked: Sendable {
        case request(Request)
        /// A line that is not a request: the conductor counts it and answers with its error.
        case rejected(ProtocolError)
    }

    /// What a door reaches of the conductor while it answers its client (`respond`): it asks (each
    /// request decided after what the one before it caused is carried out), and it reads its
    /// client's speech as it is now, rather than keeping a copy of it.
    public struct Desk {
        let ask: (Asked) -> Reply
        /// The client's announcements not ended and its own pause, read at the moment of the call.
        public let speech: () -> ClientSpeech

        public func callAsFunction(_ asked: Asked) -> Reply { ask(asked) }
    }

    /// - Parameters:
    ///   - profile: the profile of clients that name none, already loaded.
    ///   - catalog: where the profiles that clients name are found (`.none`: only `profile`'s own name).
    ///   - defaults: the voice of clients that choose none, as read at start.
    ///   - config: where `defaults` came from, read again on SIGHUP.
    public init(
        profile: Profile, catalog: ProfileCatalog = .none, speaker: any Speaker, sounds: any SoundOutput,
        defaults: DaemonDefaults = .builtIn, config: UserConfig? = nil, logger: Logger,
        eventLoop: (any EventLoop)? = nil
    ) {
        let loop = eventLoop ?? MultiThreadedEventLoopGroup.singleton.next()
        self.eventLoop = loop
        self.executor = loop.executor
        self.catalog = catalog
        self.speaker = speaker
        self.sounds = sounds
        self.config = config
        self.logger = logger
        conductor = Conductor(
            profile: profile, voices: speaker.voices, sampleRate: sounds.sampleRate, channels: sounds.channels,
            output: sounds.status,
            defaults: defaults, configPath: config?.path, started: .now)
    }

    /// A new connection. Its replies are written by `respond`; `notifications` is the one way
    /// anything else reaches it. It queues what it is given and must not call back into the shell.
    public func connect(notifications: @escaping @Sendable (Notification) -> Void) -> ClientID {
        let id = ClientID(rawValue: nextClient)
        nextClient += 1
        listeners[id] = notifications
        handle(.connected(id))
        return id
    }

    /// One answer of a door to its client, in the one order every door needs. `body` asks the
    /// conductor what the client's message means (one request, or several for an SSIP command:
    /// each is decided after what the one before it caused is carried out) and returns the door's
    /// answer; `write` puts that answer on the socket; then the notifications for this client that
    /// came meanwhile are delivered, and what the last request caused is carried out. So an answer
    /// is on the socket before the speech it starts and before any notification it causes, by
    /// construction: no door can forget a step or do them out of order.
    ///
    /// Call it on the shell's loop (it is the connection's): `body` and `write` run there, outside
    /// the actor's isolation, and only the decisions cross into it.
    public nonisolated func respond<Answer>(
        for client: ClientID, write: (Answer) -> Void, _ body: (_ desk: Desk) -> Answer
    ) {
        var pending: [ConductorAction] = []
        assumeIsolated { $0.answering = (client, []) }
        let ask = { (asked: Asked) -> Reply in
            let (reply, caused) = self.assumeIsolated { [pending] shell in
                shell.perform(pending)
                return shell.decide(asked, from: client)
            }
            pending = caused
            return reply
        }
        let answer = body(Desk(ask: ask, speech: { self.assumeIsolated { $0.conductor.speech(of: client) } }))
        let held = assumeIsolated { shell in
            defer { shell.answering = nil }
            return shell.answering?.held ?? []
        }
        write(answer)
        assumeIsolated { [pending] shell in
            if let deliver = shell.listeners[client] { for notification in held { deliver(notification) } }
            shell.perform(pending)
        }
    }

    /// The conductor's decision on one thing a client asked: the reply to it, and what else it
    /// caused, not done yet. A `hello` naming a profile not held yet loads it first.
    private func decide(_ asked: Asked, from client: ClientID) -> (Reply, [ConductorAction]) {
        let actions: [ConductorAction]
        switch asked {
        case .request(let request):
            var load: ProfileLoad?
            if case .hello(_, _, let name?) = request, conductor.profiles[name] == nil {
                load = catalog.loadForClient(name)
            }
            actions = conductor.handle(.request(client, request, profile: load), at: .now)
        case .rejected(let error):
            actions = conductor.handle(.rejected(client, error), at: .now)
        }
        guard case .reply(let asker, var reply)? = actions.first, asker == client else {
            // The client is no longer connected: nothing to answer, what it caused still happens.
            return (.done, actions)
        }
        // The synthesizer's state is the speech system's, read here (a lock, no I/O), not the pure conductor's.
        if case .status(var status) = reply {
            status.synthesizer = speaker.synthesizer
            reply = .status(status)
        }
        return (reply, Array(actions.dropFirst()))
    }

    /// The connection closed. Its speech goes on: `narrator send` and socat close right after
    /// writing, and what they asked for must still be said.
    public func disconnect(_ client: ClientID) {
        listeners.removeValue(forKey: client)
        handle(.disconnected(client))
    }

    /// SIGHUP: reads the player's settings again, then every held profile, and lets the conductor
    /// take what loaded; whatever failed keeps its last good version, and the log says which file and where.
    public func reload() {
        let settings = config.map { config -> Result<UserConfig.Loaded, ConfigError> in
            do throws(ConfigError) {
                return .success(try config.load())
            } catch {
                return .failure(error)
            }
        }
        handle(.reloaded(Reload(config: settings, profiles: catalog.reload(conductor.profiles.byName))))
    }

    /// Stops all speech and any wake-up (graceful shutdown).
    public func shutdown() {
        handle(.shutdown)
        timer?.cancel()
        timer = nil
    }

    /// The audio output was lost or works again. Safe from any thread (the mixer's writer calls it).
    public nonisolated func outputChanged(_ status: OutputStatus) {
        send(.output(status))
    }

    /// The audio output heard an edge of a sound (docs/AUDIO.md, W19). Safe from any thread.
    public nonisolated func outputHeard(_ timing: OutputTiming) {
        send(.heard(timing))
    }

    /// Hands an input to the conductor from any thread, in a turn of the loop of its own.
    nonisolated func send(_ input: ConductorInput) {
        eventLoop.execute { self.assumeIsolated { $0.handle(input) } }
    }

    /// One input, decided and carried out.
    func handle(_ input: ConductorInput) {
        perform(conductor.handle(input, at: .now))
    }

    /// Carries out actions in order; inputs they cause are handled after them, in order.
    private func perform(_ actions: [ConductorAction]) {
        for action in actions { perform(action) }
        guard !performing else { return }
        performing = true
        defer { performing = false }
        while !pending.isEmpty {
            let input = pending.removeFirst()
            for action in conductor.handle(input, at: .now) { perform(action) }
        }
    }

    private func perform(_ action: ConductorAction) {
        switch action {
        case .reply(let client, let reply):
            // Replies are written by `respond`; one among other actions would be a conductor bug.
            logger.error("A reply was not written", metadata: ["client": "\(client)", "reply": "\(reply.line)"])
        case .notify(let clients, let notification):
            for client in clients {
                if answering?.client == client {
                    answering?.held.append(notification)
                } else {
                    listeners[client]?(notification)
                }
            }
        case .speak(let request):
            do {
                try speaker.speak(request) { [weak self] event in self?.send(.speech(event)) }
            } catch {
                pending.append(.speakRefused(request.id, reason: error.description))
            }
        case .stop(let id):
            speaker.stop(id)
        case .play(let name, let samples, let channels, let gain):
            do {
                try sounds.startSound(samples, channels: channels, gain: gain)
            } catch {
                logger.notice("A sound was skipped: \(error)", metadata: ["sound": "\(name)"])
            }
        case .arm(let deadline):
            arm(deadline)
        case .log(let level, let message, let metadata):
            logger.log(level: level, "\(message)", metadata: metadata)
        case .quiet:
            MemoryKeeper.giveBackAfterBurst()
        }
    }

    /// A timer of the event loop, which is this actor's executor: no task, no thread of its own.
    private func arm(_ deadline: ContinuousClock.Instant?) {
        timer?.cancel()
        timer = nil
        guard let deadline else { return }
        let delay = ContinuousClock.now.duration(to: deadline)
        let nanoseconds = max(
            0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        timer = eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) { [weak self] in
            self?.assumeIsolated { $0.handle(.timer(deadline)) }
        }
    }
}
