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
    /// Each connected client's way to queue a notification line on its connection.
    private var listeners: [ClientID: @Sendable (String) -> Void] = [:]
    private var nextClient: UInt64 = 1
    /// The wake-up the conductor asked for, if any.
    private var timer: Scheduled<Void>?
    /// Inputs that carrying out actions caused (a speech system that refused), handled after them.
    private var pending: [ConductorInput] = []
    private var performing = false

    /// A request's reply, decided, and what else it caused, not yet done. The connection writes
    /// `reply` first, then hands the answer back to `carryOut(_:)`: so the reply is on the socket
    /// before the speech it starts takes the CPU, and every notification it causes follows it.
    public struct Answer: Sendable {
        /// The reply to write to the client that asked; nil when that client is no longer connected.
        public let reply: Reply?
        let actions: [ConductorAction]
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
            profile: profile, voices: speaker, sampleRate: sounds.sampleRate, channels: sounds.channels,
            output: sounds.status,
            defaults: defaults, configPath: config?.path, started: .now)
    }

    /// A new connection. Its replies are what `answer(_:from:)` returns; `notifications` is the one
    /// way anything else reaches it. It queues the line and must not call back into the shell.
    public func connect(notifications: @escaping @Sendable (String) -> Void) -> ClientID {
        let id = ClientID(rawValue: nextClient)
        nextClient += 1
        listeners[id] = notifications
        handle(.connected(id))
        return id
    }

    /// Decides one request: its reply at once (the reply is the client's synchronous anchor);
    /// nothing else is done yet. A `hello` naming a profile not held yet loads it first.
    public func answer(_ request: Request, from client: ClientID) -> Answer {
        var load: ProfileLoad?
        if case .hello(_, _, let name?) = request, conductor.profiles[name] == nil {
            load = catalog.loadForClient(name)
        }
        return split(conductor.handle(.request(client, request, profile: load), at: .now), for: client)
    }

    /// An error reply for a line that is not a request; the connection stays open.
    public func answer(rejecting error: ProtocolError, from client: ClientID) -> Answer {
        split(conductor.handle(.rejected(client, error), at: .now), for: client)
    }

    /// Does what an answered request caused (speech, sounds, notifications), once its reply is written.
    public func carryOut(_ answer: Answer) {
        perform(answer.actions)
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
        handle(.reloaded(Reload(config: settings, profiles: catalog.reload(conductor.profiles))))
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

    /// Hands an input to the conductor from any thread, in a turn of the loop of its own.
    nonisolated func send(_ input: ConductorInput) {
        eventLoop.execute { self.assumeIsolated { $0.handle(input) } }
    }

    /// One input, decided and carried out.
    func handle(_ input: ConductorInput) {
        perform(conductor.handle(input, at: .now))
    }

    /// The reply to `client`, apart from everything else the input caused.
    private func split(_ actions: [ConductorAction], for client: ClientID) -> Answer {
        guard case .reply(let asker, let reply)? = actions.first, asker == client else {
            return Answer(reply: nil, actions: actions)
        }
        return Answer(reply: reply, actions: Array(actions.dropFirst()))
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
            // Replies are returned by `answer`; one among other actions would be a conductor bug.
            logger.error("A reply was not written", metadata: ["client": "\(client)", "reply": "\(reply.line)"])
        case .notify(let clients, let line):
            for client in clients { listeners[client]?(line) }
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
