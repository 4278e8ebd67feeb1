import NarratorJSON

/// The daemon's answer to one request: every reply the protocol has, written (`line`) and read
/// (`DaemonLine.parse`) here, so the daemon and its clients agree on every member.
/// docs/PROTOCOL.md describes each.
public enum Reply: Sendable, Hashable {
    /// `{"ok":true}`: done (cancel, pause, resume, subscribe, an event mapped to a cancel).
    case done
    case hello(Hello)
    /// Speech was queued (a `say`, or an event the map speaks).
    case announcement(Announcement)
    /// The event is known and says nothing now: `{"ok":true,"silent":true}`.
    case silent
    /// A sound plays: `{"ok":true,"sound":"lane_pulses","ms":90}`.
    case sound(name: String, milliseconds: Int)
    /// The client's voice after a `set`.
    case voice(Voice)
    case status(Status)
    /// The last announcements and their outcomes, oldest first: `{"ok":true,"history":[...]}`.
    case history([HistoryEntry])
    case error(ProtocolError)

    public struct Hello: Sendable, Hashable {
        public var protocolVersion: Int
        public var client: String
        public var locale: String
        public var profile: String
        /// The events the client's profile maps, sorted.
        public var events: [String]
        /// The player named a client of this name their screen reader (`screen_reader`, docs/SSIP.md).
        public var screenReader: Bool

        public init(
            protocolVersion: Int, client: String, locale: String, profile: String, events: [String],
            screenReader: Bool = false
        ) {
            self.protocolVersion = protocolVersion
            self.client = client
            self.locale = locale
            self.profile = profile
            self.events = events
            self.screenReader = screenReader
        }
    }

    public struct Announcement: Sendable, Hashable {
        public var id: String
        public var text: String
        /// The voice's language.
        public var locale: String
        public var priority: Priority
        /// The sound that starts with it, when the event map gives one.
        public var sound: String?
        /// What the table lacked and what was used instead, once per daemon.
        public var notices: [String]

        public init(
            id: String, text: String, locale: String, priority: Priority, sound: String? = nil, notices: [String] = []
        ) {
            self.id = id
            self.text = text
            self.locale = locale
            self.priority = priority
            self.sound = sound
            self.notices = notices
        }
    }

    /// A client's voice and the volume of its sounds (`set`'s reply), or the daemon's defaults.
    public struct Voice: Sendable, Hashable {
        public var locale: String
        public var rate: Int
        public var pitch: Int
        public var volume: Int
        public var effectsVolume: Int
        /// The variant of the voices the client's speech takes; nil: each voice as it is.
        public var variant: String?
        public var punctuation: Punctuation
        public var capitals: CapitalLetters
        public var spelling: Bool

        public init(
            locale: String, rate: Int, pitch: Int, volume: Int, effectsVolume: Int, variant: String? = nil,
            punctuation: Punctuation = .none, capitals: CapitalLetters = .none, spelling: Bool = false
        ) {
            self.locale = locale
            self.rate = rate
            self.pitch = pitch
            self.volume = volume
            self.effectsVolume = effectsVolume
            self.variant = variant
            self.punctuation = punctuation
            self.capitals = capitals
            self.spelling = spelling
        }
    }

    public struct Status: Sendable, Hashable {
        public struct Speaking: Sendable, Hashable {
            public var id: String
            public var text: String
            public var client: String

            public init(id: String, text: String, client: String) {
                self.id = id
                self.text = text
                self.client = client
            }
        }

        /// Whose speech is paused: all of it (and by whom), and the clients that paused their own.
        public struct Paused: Sendable, Hashable {
            /// A pause of all speech is on.
            public var all: Bool
            /// The name of the client that paused all speech (it may have disconnected since).
            public var allBy: String?
            /// The names of the connected clients that paused their own speech.
            public var clients: [String]

            public init(all: Bool = false, allBy: String? = nil, clients: [String] = []) {
                self.all = all
                self.allBy = allBy
                self.clients = clients
            }
        }

        /// A connected client: its number (`client`'s in `cancel`, `pause`, `resume`, `set`) and name.
        public struct Client: Sendable, Hashable {
            public var number: UInt64
            public var name: String
            /// It is the player's screen reader (`screen_reader`, docs/SSIP.md).
            public var screenReader: Bool

            public init(number: UInt64, name: String, screenReader: Bool = false) {
                self.number = number
                self.name = name
                self.screenReader = screenReader
            }
        }

        public var version: String
        public var speaking: Speaking?
        public var queued: Int
        public var paused: Paused
        public var clients: Int
        /// The connected clients, by number.
        public var connected: [Client]
        /// The asking client's profile, and its folder.
        public var profile: String
        public var profileFolder: String
        /// The sound output, `milliseconds` since its state last changed (`since_ms`).
        public var output: OutputState
        public var uptimeMilliseconds: Double
        /// `connections`, `requests`, `errors`, then one per outcome name, in this order.
        public var counters: [Counter]
        /// The voice clients get when they choose none, and where each part comes from.
        public var defaults: Defaults?
        /// What speaks, and how its synthesizer fares (nil: the daemon does not say).
        public var synthesizer: Synthesizer?

        /// The speech system's synthesizer, for `status`.
        public struct Synthesizer: Sendable, Hashable {
            /// `espeak-ng`, or `speech-dispatcher espeak-ng` (its output module).
            public var name: String
            /// What confines espeak-ng's process (`landlock 7, seccomp`); nil when it runs in the
            /// daemon's own process, or speech-dispatcher speaks.
            public var sandbox: String?
            /// How many times a synthesizer process was started again after one crashed, hung or
            /// died, since the daemon started.
            public var restarts: Int

            public init(name: String, sandbox: String? = nil, restarts: Int = 0) {
                self.name = name
                self.sandbox = sandbox
                self.restarts = restarts
            }
        }

        public struct Counter: Sendable, Hashable {
            public var name: String
            public var value: Int

            public init(_ name: String, _ value: Int) {
                self.name = name
                self.value = value
            }
        }

        /// The daemon's defaults (docs/CONFIG.md): its built-in values, the player's configuration
        /// file over them, `narrator serve`'s options over that.
        public struct Defaults: Sendable, Hashable {
            public var voice: Voice
            /// The output this run was started with (`auto`, `pulse`...).
            public var output: String
            /// Whether the daemon says when a language has no voice (`spoken_notices`).
            public var spokenNotices: Bool
            /// The voice chosen for a language: `pl` -> `pl+f3`, by language.
            public var voices: [Text]
            /// Where each setting comes from, by its name in the file (`rate`, `voice.pl`): `built-in`,
            /// `command line`, or the file and line (`/home/ann/.config/narrator/config:3`).
            public var origins: [Text]
            /// The configuration file the daemon reads (at start and on SIGHUP), whether or not it exists.
            public var file: String?

            public init(
                voice: Voice, output: String, spokenNotices: Bool = false, voices: [Text], origins: [Text],
                file: String?
            ) {
                self.voice = voice
                self.output = output
                self.spokenNotices = spokenNotices
                self.voices = voices
                self.origins = origins
                self.file = file
            }
        }

        /// A name and its text.
        public struct Text: Sendable, Hashable {
            public var name: String
            public var value: String

            public init(_ name: String, _ value: String) {
                self.name = name
                self.value = value
            }
        }

        public init(
            version: String, speaking: Speaking?, queued: Int, paused: Paused = Paused(), clients: Int,
            connected: [Client] = [], profile: String, profileFolder: String, output: OutputState,
            uptimeMilliseconds: Double, counters: [Counter], defaults: Defaults? = nil
        ) {
            self.defaults = defaults
            self.connected = connected
            self.version = version
            self.speaking = speaking
            self.queued = queued
            self.paused = paused
            self.clients = clients
            self.profile = profile
            self.profileFolder = profileFolder
            self.output = output
            self.uptimeMilliseconds = uptimeMilliseconds
            self.counters = counters
        }
    }

    /// One announcement of `history`, with the last outcome it had.
    public struct HistoryEntry: Sendable, Hashable {
        public var id: String
        /// The name of the client that queued it, as it was then.
        public var client: String
        public var text: String
        public var priority: Priority
        /// The last outcome so far: `queued` or `started` while it waits or speaks, else how it ended.
        public var outcome: Outcome
        /// When that outcome happened, in milliseconds since the daemon started.
        public var milliseconds: Double
        /// The number of the client that queued it (nil from a daemon that does not say).
        public var clientNumber: UInt64?
        /// When it was queued, in milliseconds since the daemon started.
        public var queuedMilliseconds: Double?
        /// Its text is SSML.
        public var ssml: Bool
        /// How long it took to be heard, and to fall silent when stopped, as far as measured.
        public var latency: AnnouncementLatency?

        public init(
            id: String, client: String, text: String, priority: Priority, outcome: Outcome, milliseconds: Double,
            clientNumber: UInt64? = nil, queuedMilliseconds: Double? = nil, ssml: Bool = false,
            latency: AnnouncementLatency? = nil
        ) {
            self.latency = latency
            self.id = id
            self.client = client
            self.text = text
            self.priority = priority
            self.outcome = outcome
            self.milliseconds = milliseconds
            self.clientNumber = clientNumber
            self.queuedMilliseconds = queuedMilliseconds
            self.ssml = ssml
        }
    }

    /// Whether the request was accepted (`"ok":true`).
    public var isOK: Bool {
        if case .error = self { return false }
        return true
    }

    /// The announcement's id, for a reply that queued speech.
    public var announcementID: String? {
        if case .announcement(let announcement) = self { return announcement.id }
        return nil
    }
}

/// The sound output's state: in `status` (`milliseconds` since it last changed) and in an `output`
/// notification (`milliseconds` since the daemon started).
public struct OutputState: Sendable, Hashable {
    public enum Condition: Sendable, Hashable {
        case working
        case lost(reason: String)
    }

    /// `pulse`, `alsa`, `wav:PATH`, `null`.
    public var output: String
    public var condition: Condition
    public var milliseconds: Double
    /// In `status`: how many times the sound server ran out of audio while the daemon still had
    /// some to give it (a gap in speech or an earcon), since the daemon started.
    public var underruns: Int
    /// In `status`: how long speech took to be heard, stopped speech to fall silent and sounds to be
    /// heard, over the last minute and since the daemon started (nil: not said).
    public var latency: OutputLatency?
    /// In `status`: the warning given once speech became slower than the player's
    /// `latency_warn_ms`, with its likely cause (nil: none given).
    public var latencyWarning: String?
    /// In `status`: the sound server the output plays to, when the daemon names one (its
    /// PULSE_SERVER); nil: the user's own, as libpulse finds it, or no sound server.
    public var server: String?
    /// In `status`: how much the writer keeps written ahead of what is heard, in milliseconds; it
    /// grows after underruns and shrinks back after a steady while (nil: not said, or a file).
    public var leadMilliseconds: Double?

    public init(
        output: String, condition: Condition, milliseconds: Double, underruns: Int = 0, latency: OutputLatency? = nil
    ) {
        self.output = output
        self.condition = condition
        self.milliseconds = milliseconds
        self.underruns = underruns
        self.latency = latency
    }
}

extension Reply {
    /// The reply as one line of JSON, without the line break; `ok` first.
    public var line: String {
        var line = JSONObjectWriter()
        line.add("ok", isOK)
        switch self {
        case .done: break
        case .hello(let hello):
            line.add("protocol", hello.protocolVersion)
            line.add("client", hello.client)
            line.add("locale", hello.locale)
            line.add("profile", hello.profile)
            line.add("events", strings: hello.events)
            if hello.screenReader { line.add("screen_reader", true) }
        case .announcement(let announcement):
            line.add("id", announcement.id)
            line.add("text", announcement.text)
            line.add("locale", announcement.locale)
            line.add("priority", announcement.priority.rawValue)
            announcement.sound.map { line.add("sound", $0) }
            if !announcement.notices.isEmpty { line.add("notices", strings: announcement.notices) }
        case .silent:
            line.add("silent", true)
        case .sound(let name, let milliseconds):
            line.add("sound", name)
            line.add("ms", milliseconds)
        case .voice(let voice):
            line.add("locale", voice.locale)
            line.add("rate", voice.rate)
            line.add("pitch", voice.pitch)
            line.add("volume", voice.volume)
            line.add("effects_volume", voice.effectsVolume)
            if let variant = voice.variant { line.add("variant", variant) } else { line.addNull("variant") }
            line.add("punctuation", voice.punctuation.rawValue)
            line.add("capitals", voice.capitals.rawValue)
            line.add("spelling", voice.spelling)
        case .status(let status):
            line.add("version", status.version)
            if let speaking = status.speaking {
                var current = JSONObjectWriter()
                current.add("id", speaking.id)
                current.add("text", speaking.text)
                current.add("client", speaking.client)
                line.add("speaking", object: current)
            } else {
                line.addNull("speaking")
            }
            line.add("queued", status.queued)
            var paused = JSONObjectWriter()
            paused.add("all", status.paused.all)
            status.paused.allBy.map { paused.add("by", $0) }
            paused.add("clients", strings: status.paused.clients)
            line.add("paused", object: paused)
            line.add("clients", status.clients)
            line.add(
                "connected",
                objects: status.connected.map { client in
                    var object = JSONObjectWriter()
                    object.add("number", Int(clamping: client.number))
                    object.add("name", client.name)
                    if client.screenReader { object.add("screen_reader", true) }
                    return object
                })
            line.add("profile", status.profile)
            line.add("profile_folder", status.profileFolder)
            line.add("output", object: status.output.object(event: nil))
            line.add("uptime_ms", milliseconds: status.uptimeMilliseconds)
            var counters = JSONObjectWriter()
            for counter in status.counters { counters.add(counter.name, counter.value) }
            line.add("counters", object: counters)
            if let defaults = status.defaults { line.add("defaults", object: defaults.object) }
            if let synthesizer = status.synthesizer {
                var object = JSONObjectWriter()
                object.add("name", synthesizer.name)
                synthesizer.sandbox.map { object.add("sandbox", $0) }
                object.add("restarts", synthesizer.restarts)
                line.add("synthesizer", object: object)
            }
        case .history(let entries):
            line.add("history", objects: entries.map(\.object))
        case .error(let error):
            var object = JSONObjectWriter()
            object.add("code", error.code)
            object.add("message", error.message)
            line.add("error", object: object)
        }
        return line.text
    }
}

extension Reply.HistoryEntry {
    /// `{"id":"8","client":"RetroRacing","text":"...","priority":"default","outcome":"finished","t_ms":...}`,
    /// with the outcome's `by`, `position` or `reason` after, as in a notification, then the client's
    /// number, when it was queued, and `ssml` when it is.
    var object: JSONObjectWriter {
        var object = JSONObjectWriter()
        object.add("id", id)
        object.add("client", client)
        object.add("text", text)
        object.add("priority", priority.rawValue)
        object.add("outcome", outcome.name)
        object.add("t_ms", milliseconds: milliseconds)
        outcome.addPayload(to: &object)
        clientNumber.map { object.add("client_number", Int(clamping: $0)) }
        queuedMilliseconds.map { object.add("queued_ms", milliseconds: $0) }
        if ssml { object.add("ssml", true) }
        latency?.add(to: &object)
        return object
    }
}

extension OutputState {
    /// `{"output":"pulse","state":"lost","reason":"...","since_ms":...,"underruns":0}`; with `event`,
    /// the notification: `{"event":"output",...,"t_ms":...}`, without the count.
    func object(event: String?) -> JSONObjectWriter {
        var line = JSONObjectWriter()
        if let event { line.add("event", event) }
        line.add("output", output)
        switch condition {
        case .working: line.add("state", "working")
        case .lost(let reason):
            line.add("state", "lost")
            line.add("reason", reason)
        }
        line.add(event == nil ? "since_ms" : "t_ms", milliseconds: max(0, milliseconds))
        if event == nil { line.add("underruns", underruns) }
        if event == nil, let leadMilliseconds { line.add("lead_ms", milliseconds: leadMilliseconds) }
        if event == nil, let latency { line.add("latency", object: latency.object) }
        if event == nil, let latencyWarning { line.add("latency_warning", latencyWarning) }
        if event == nil, let server { line.add("server", server) }
        return line
    }
}

extension Reply.Status.Defaults {
    /// `{"locale":"en","rate":300,...,"voices":{"pl":"pl+f3"},"from":{"rate":"...:3",...},"file":"..."}`
    var object: JSONObjectWriter {
        var line = JSONObjectWriter()
        line.add("locale", voice.locale)
        line.add("rate", voice.rate)
        line.add("pitch", voice.pitch)
        line.add("volume", voice.volume)
        line.add("effects_volume", voice.effectsVolume)
        line.add("output", output)
        line.add("spoken_notices", spokenNotices)
        line.add("voices", object: Self.object(voices))
        line.add("from", object: Self.object(origins))
        if let file { line.add("file", file) } else { line.addNull("file") }
        return line
    }

    private static func object(_ texts: [Reply.Status.Text]) -> JSONObjectWriter {
        var object = JSONObjectWriter()
        for text in texts { object.add(text.name, text.value) }
        return object
    }
}

extension ProtocolError {
    /// `{"ok":false,"error":{"code":"...","message":"..."}}`
    public var replyLine: String { Reply.error(self).line }
}
