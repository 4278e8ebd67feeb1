public import Logging
public import NIOCore
import NIOPosix
import NarratorCore
import NarratorLocalization
public import NarratorVoice
public import NarratorWire

/// The daemon's one place of decisions: it turns requests into announcements, drives the
/// scheduler, carries out its actions on the speech engine, and tells subscribers what happened.
///
/// An actor, so requests from every connection and events from the speech engine are handled one
/// at a time, in the order they arrive. It runs on an event loop (NIO's singleton group's by
/// default, the daemon's sockets' own), so a connection calls it synchronously (`assumeIsolated`):
/// it returns a request's reply for the connection to write, then carries out the request. See
/// docs/SERVER.md.
public actor Conductor {
    let eventLoop: any EventLoop
    /// The loop as an executor, kept for the actor's life (`unownedExecutor` does not retain it).
    private let executor: any SerialExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    var scheduler = Scheduler<ContinuousClock.Instant>()
    /// Where profiles named in `hello` are found, and how they load.
    let catalog: ProfileCatalog
    /// The profile of clients that name none.
    let defaultProfile: LoadedProfile
    /// Every profile loaded so far, by the name clients gave; kept until the daemon ends.
    var profiles: [String: LoadedProfile]
    let speaker: any Speaker
    let sounds: any SoundOutput
    /// The voice of clients that choose none, and where each part came from: built in, the
    /// player's configuration file, `narrator serve`'s options (docs/CONFIG.md).
    var defaults: DaemonDefaults
    /// That file and those options, read again on SIGHUP; nil: `defaults` stay as given.
    let config: UserConfig?
    let logger: Logger
    var sessions: [ClientID: Session] = [:]
    /// Announcements not yet ended: who asked, what is said, in which voice.
    var live: [AnnouncementID: LiveAnnouncement] = [:]
    /// What each client has not yet heard end, counted at the door (`submit`) and when each ends:
    /// the per-client limit is checked against it (`Outstanding.limit`).
    var outstanding: [ClientID: Outstanding] = [:]
    var nextAnnouncement: UInt64 = 1
    var nextClient: UInt64 = 1
    var counters = Counters()
    var fallbacks = FallbackLedger()
    /// The last announcements and their outcomes, oldest first, at most `historyLimit` (`history`, `repeat`).
    var history: [HistoryRecord] = []
    /// Counts starts, so the last announcement that started speaking can be told (`repeat`).
    var starts: UInt64 = 0
    /// The name of the client that paused all speech, while it is paused.
    var pausedAllBy: String?
    let started = ContinuousClock.now
    /// The expiry wake-up currently armed, and its task.
    var armedDeadline: ContinuousClock.Instant?
    var timer: Scheduled<Void>?
    /// Engine events, in the order the engine produced them.
    let speechEvents: AsyncStream<SpeakerEvent>
    let speechEventSink: AsyncStream<SpeakerEvent>.Continuation

    /// One client's announcements that have not ended (waiting, speaking or suspended).
    struct Outstanding {
        /// The most one client may have: highs are never dropped, so this is where one client's
        /// backlog stops, and at half the scheduler's bound (64), one client alone can never make
        /// the queue overflow and drop another client's speech. docs/PROTOCOL.md, "Limits".
        static let limit = (count: 32, bytes: 128 * 1024)

        var count = 0
        var bytes = 0
    }

    struct LiveAnnouncement {
        let client: ClientID
        let text: String
        let voice: VoiceRequest
        let ssml: Bool
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
        let loaded = LoadedProfile(profile)
        self.defaultProfile = loaded
        self.profiles = [profile.name: loaded]
        self.speaker = speaker
        self.sounds = sounds
        self.defaults = defaults
        self.config = config
        self.logger = logger
        (speechEvents, speechEventSink) = AsyncStream.makeStream(of: SpeakerEvent.self)
    }

    /// Feeds the engine's events to the scheduler until cancelled. Run it beside the server.
    public func run() async {
        for await event in speechEvents {
            handle(event)
        }
    }

    /// A new connection. Its replies are what `answer(_:from:)` returns; `notifications` is the one
    /// way anything else reaches it (see `deliver(_:to:)`). It queues the line and must not call
    /// back into the conductor.
    public func connect(notifications: @escaping @Sendable (String) -> Void) -> ClientID {
        let id = ClientID(rawValue: nextClient)
        nextClient += 1
        sessions[id] = Session(
            id: id, notifications: notifications, name: "client \(id.rawValue)", profile: defaultProfile)
        counters.connections += 1
        return id
    }

    /// The one path of lines the conductor sends on its own: a notification to each of `listeners`,
    /// from whichever turn caused it (a request of any client, a speech event, a timer, the audio
    /// output). Each connection queues it behind what it has already been sent.
    func deliver(_ line: String, to listeners: some Sequence<Session>) {
        for session in listeners { session.notifications(line) }
    }

    /// The connection closed. Its speech goes on: `narrator send` and socat close right after
    /// writing, and what they asked for must still be said.
    public func disconnect(_ client: ClientID) {
        sessions.removeValue(forKey: client)
        // Its pause goes with it; otherwise its queued speech would wait for a resume nobody can send.
        if scheduler.isPaused(client) { feed(.resume(.client(client))) }
    }

    /// SIGHUP: reads the player's configuration again, then every loaded profile. Whatever fails
    /// keeps its last good version, and the log says which file and where.
    public func reload() {
        reloadConfig()
        reloadProfiles()
    }

    /// Takes the configuration file (and the command line over it) again as a whole: clients that
    /// did not choose a setting follow the new default from their next announcement. A broken file
    /// changes nothing; the output is chosen at start only.
    func reloadConfig() {
        guard let config else { return }
        let loaded: UserConfig.Loaded
        do {
            loaded = try config.load()
        } catch {
            logger.error("The settings were not reloaded, keeping the last good ones: \(error)")
            return
        }
        for warning in loaded.warnings { logger.warning("\(warning)") }
        var taken = loaded.defaults
        if taken.output != defaults.output {
            logger.warning(
                "The output \(taken.output) (\(taken.origin(of: .output))) is used from the next start; sound goes to \(defaults.output) until then"
            )
        }
        taken.output = defaults.output
        taken.origins[.output] = defaults.origins[.output]
        defaults = taken
        logger.info("\(loaded.summary(path: config.path))")
    }

    /// Loads every loaded profile again from its folder and replaces each one's tables, event map
    /// and sounds at once. A profile that fails to load keeps its last good version and the log
    /// says which file and where; the others are replaced.
    func reloadProfiles() {
        for name in profiles.keys.sorted() {
            guard let loaded = profiles[name] else { continue }
            let entry = ProfileCatalog.Entry(name: name, folder: loaded.current.folder, source: "loaded")
            do {
                loaded.current = try catalog.load(entry)
                logger.info(
                    "Reloaded the profile \(name): its tables, event map and sounds",
                    metadata: ["profile": "\(loaded.current.folder)"])
            } catch {
                logger.error("Reload failed for the profile \(name), keeping its last good version: \(error)")
            }
        }
        fallbacks = FallbackLedger()
    }

    /// The loaded profile of this name, loading it on first use. A name that leads nowhere, or to a
    /// profile that does not load, is the client's error; nothing is kept of it.
    func profile(named name: String) throws(ProtocolError) -> LoadedProfile {
        if let loaded = profiles[name] { return loaded }
        let entry: ProfileCatalog.Entry
        do {
            entry = try catalog.locate(name)
        } catch {
            throw ProtocolError(.profile, error.message)
        }
        do {
            let loaded = LoadedProfile(try catalog.load(entry))
            profiles[name] = loaded
            logger.info("Loaded the profile \(name)", metadata: ["profile": "\(entry.folder)"])
            return loaded
        } catch {
            logger.warning("A client asked for the profile \(name), which does not load: \(error)")
            throw ProtocolError(.profile, "the profile \"\(name)\" (\(entry.folder)) is broken: \(error)")
        }
    }

    /// Stops all speech and ends the engine event loop (graceful shutdown).
    public func shutdown() {
        feed(.cancel(.all))
        timer?.cancel()
        speechEventSink.finish()
    }

    /// The audio output was lost or works again: every subscriber hears of it, so a game can tell
    /// its player. Safe from any thread (the mixer's writer calls it); runs on the conductor's loop.
    public nonisolated func outputChanged(_ status: OutputStatus) {
        eventLoop.execute { self.assumeIsolated { $0.notifyOutput(status) } }
    }

    private func notifyOutput(_ status: OutputStatus) {
        let line = Notification.output(Self.outputState(status, milliseconds: milliseconds(.now))).line
        deliver(line, to: sessions.values.filter { $0.subscription != .none })
    }

    /// The wire's state of the sound output, `milliseconds` since whichever start the line counts from.
    static func outputState(_ status: OutputStatus, milliseconds: Double) -> OutputState {
        let condition: OutputState.Condition =
            switch status.condition {
            case .working: .working
            case .lost(let reason): .lost(reason: reason)
            }
        return OutputState(output: status.output, condition: condition, milliseconds: milliseconds)
    }

    /// Seconds since the daemon started, in milliseconds, for notification timestamps.
    func milliseconds(_ instant: ContinuousClock.Instant) -> Double {
        Double(started.duration(to: instant) / .nanoseconds(1)) / 1_000_000
    }
}

/// A profile the daemon has loaded, shared by the sessions that use it; a reload replaces what it
/// holds, so every client of the profile gets the new tables at once. Lives on the conductor.
final class LoadedProfile {
    var current: Profile

    init(_ profile: Profile) {
        current = profile
    }
}

/// What the daemon has done since it started, for `status`.
struct Counters {
    var connections = 0
    var requests = 0
    var errors = 0
    var outcomes: [String: Int] = [:]
}
