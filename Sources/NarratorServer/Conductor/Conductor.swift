import Logging
import NarratorCore
import NarratorLocalization
public import NarratorVoice
import NarratorWire

/// The daemon's one place of decisions, as a pure machine: every input (`ConductorInput`) in,
/// the actions it causes (`ConductorAction`) out. It turns requests into announcements, drives the
/// scheduler, keeps each announcement's life in one record (`Ledger`), and says what to tell whom.
///
/// It reads no clock (each input comes with its instant), writes nothing, plays nothing and loads
/// nothing: the shell (`ConductorShell`) does all of that, in the order of the actions. Its rules
/// are the table in docs/SERVER.md, each a test (`ConductorRuleTests`).
public struct Conductor {
    /// Where the voices of a locale are looked up: a value snapshot of the speech system's voices
    /// (`Speaker.voices`), so deciding never touches the speaking side.
    let voices: any VoiceCatalog
    /// When the daemon started: notifications and history count milliseconds from it.
    let started: ContinuousClock.Instant

    // Announcements: their order, and each one's life.
    var scheduler = Scheduler<ContinuousClock.Instant>()
    var ledger = Ledger()
    var nextAnnouncement: UInt64 = 1
    /// Sounds of events that play once their speech has been heard to its end (C27), by announcement.
    var soundsAfterSpeech: [AnnouncementID: SoundAfterSpeech] = [:]
    /// The wake-up the shell holds for the scheduler's next deadline.
    var armedDeadline: ContinuousClock.Instant?

    // The world around them, each by concern.
    var sessions = Sessions()
    var profiles: Profiles
    var settings: PlayerSettings
    var output: OutputSide
    var counters = Counters()

    // The input being handled: set by `handle` before anything else, read by nothing after it.
    /// The actions of the input being handled.
    var actions: [ConductorAction] = []
    /// The instant of the input being handled.
    var now: ContinuousClock.Instant

    public init(
        profile: Profile, voices: any VoiceCatalog, sampleRate: Int, channels: Int = 1, output: OutputStatus,
        defaults: DaemonDefaults = .builtIn, configPath: String? = nil, started: ContinuousClock.Instant
    ) {
        self.voices = voices
        self.profiles = Profiles(byName: [profile.name: profile], defaultName: profile.name)
        self.settings = PlayerSettings(defaults: defaults, path: configPath)
        self.output = OutputSide(sampleRate: sampleRate, channels: output.channels ?? channels, status: output)
        self.started = started
        self.now = started
    }

    /// Handles one input at `now` and returns what to do, in order.
    public mutating func handle(_ input: ConductorInput, at now: ContinuousClock.Instant) -> [ConductorAction] {
        self.now = now
        actions = []
        switch input {
        case .connected(let client):
            sessions[client] = Session(id: client, name: "client \(client.rawValue)", profile: profiles.defaultName)
            counters.connections += 1
        case .disconnected(let client):
            sessions[client] = nil
            // Its pause goes with it; otherwise its queued speech would wait for a resume nobody can send.
            if scheduler.pausedClients.contains(client) { feed(.resume(.client(client))) }
        case .request(let client, let request, let profile):
            answer(request, from: client, profile: profile)
        case .rejected(let client, let error):
            // A line that is not a request is an error, not a request (as before the machine).
            counters.errors += 1
            if sessions[client] != nil { actions.append(.reply(client, .error(error))) }
        case .speech(let event):
            hear(event)
        case .speakRefused(let id, let reason):
            actions.append(
                .log(.error, "The speech engine refused an announcement", ["id": "\(id)", "error": "\(reason)"]))
            feed(.speechFailed(id, reason: reason))
        case .output(let status):
            outputChanged(status)
        case .heard(let timing):
            heard(timing)
        case .timer(let deadline):
            // A wake-up replaced since it was armed is stale.
            if armedDeadline == deadline {
                armedDeadline = nil
                feed(.tick)
            }
        case .reloaded(let reload):
            apply(reload)
        case .shutdown:
            feed(.cancel(.all))
        }
        armTimer()
        return actions
    }

    /// Milliseconds from the daemon's start to `instant`, for notifications and history.
    func milliseconds(_ instant: ContinuousClock.Instant) -> Double {
        Double(started.duration(to: instant) / .nanoseconds(1)) / 1_000_000
    }

    /// The profile a session uses.
    func profile(of session: Session) -> Profile {
        profiles[session.profile] ?? profiles[profiles.defaultName]!
    }

    /// The client's voice now: what it chose, over the daemon's defaults.
    func voice(of session: Session) -> VoiceRequest {
        session.own.over(settings.defaults.voice)
    }

    /// What a client's sounds are multiplied by: its effects volume (its own, else the daemon's) / 100.
    func effectsGain(of client: ClientID) -> Double {
        Double(sessions[client]?.own.effectsVolume ?? settings.defaults.effectsVolume) / 100
    }

    /// The name a client goes by, also once it is gone.
    func name(of client: ClientID) -> String {
        sessions[client]?.name ?? "client \(client.rawValue)"
    }

    /// Expiry needs a wake-up at the scheduler's next deadline; re-armed only when it moves.
    private mutating func armTimer() {
        let deadline = scheduler.nextDeadline
        guard deadline != armedDeadline else { return }
        armedDeadline = deadline
        actions.append(.arm(deadline))
    }

    private mutating func outputChanged(_ status: OutputStatus) {
        // Reports from the mixer's thread and the one at the watch's start may cross: the older is stale.
        guard status.since >= output.status.since else { return }
        let changed = status.condition != output.status.condition
        output.status = status
        if let layout = status.channels { output.channels = layout }
        guard changed else { return }
        let notification = Notification.output(Self.outputState(status, milliseconds: milliseconds(status.since)))
        let listeners = sessions.values.filter { $0.subscription != .none }.map(\.id)
        if !listeners.isEmpty {
            actions.append(.notify(listeners.sorted { $0.rawValue < $1.rawValue }, notification))
        }
    }

    /// The wire's state of the sound output, `milliseconds` since the daemon started.
    static func outputState(_ status: OutputStatus, milliseconds: Double) -> OutputState {
        let condition: OutputState.Condition =
            switch status.condition {
            case .working: .working
            case .lost(let reason): .lost(reason: reason)
            }
        var state = OutputState(
            output: status.output, condition: condition, milliseconds: milliseconds, underruns: status.underruns)
        state.leadMilliseconds = status.leadMilliseconds
        return state
    }
}

/// What the daemon has done since it started, for `status`.
struct Counters {
    var connections = 0
    var requests = 0
    var errors = 0
    var outcomes: [String: Int] = [:]
}

/// Every client connected, by id, and who paused all speech.
struct Sessions {
    private(set) var byID: [ClientID: Session] = [:]
    /// The name of the client that paused all speech, while it is paused (the client may be gone).
    var pausedAllBy: String?

    subscript(client: ClientID) -> Session? {
        get { byID[client] }
        set { byID[client] = newValue }
    }

    var values: Dictionary<ClientID, Session>.Values { byID.values }
    var keys: Dictionary<ClientID, Session>.Keys { byID.keys }
    var count: Int { byID.count }
}

/// The profiles held: their tables, event maps and sounds.
struct Profiles {
    /// Every profile held, by the name clients gave (the default one among them); kept until the
    /// daemon ends. A session names its profile, so a reload reaches every client of it at once.
    var byName: [String: Profile]
    /// The profile of clients that name none.
    let defaultName: String
    /// Which fallbacks of the tables have been logged, so each is logged once.
    var fallbacks = FallbackLedger()

    subscript(name: String) -> Profile? {
        get { byName[name] }
        set { byName[name] = newValue }
    }
}

/// The player's settings: the voice of clients that choose none, and where each part came from
/// (docs/CONFIG.md).
struct PlayerSettings {
    var defaults: DaemonDefaults
    /// The settings file `defaults` were read from (and are read again from on SIGHUP).
    let path: String?
}

/// The audio output as the conductor knows it: what earcons are rendered for, its last report, and
/// how fast it has been.
struct OutputSide {
    /// The rate earcons are rendered at: the audio output's.
    let sampleRate: Int
    /// The channels earcons are rendered in: the audio output's (2: placed left to right; 1: mono),
    /// as it last reported them (a stereo output whose sink is mono mixes in one, C25).
    var channels: Int
    /// The audio output as last reported.
    var status: OutputStatus
    /// How long speech took to be heard, stopped speech to fall silent, and sounds to be heard.
    var latencies = Latencies()
    /// The warning given when speech became slower than `latency_warn_ms`, and for which setting:
    /// given once per setting (C30).
    var latencyWarning: (limit: Int, text: String)?
}
