public import NarratorJSON

/// One request line from a client to the daemon: the one list of request types, read by the daemon
/// (`parse`) and written by every client (`line`) through this type, so both ends agree.
public enum Request: Sendable, Hashable {
    /// The current protocol version; a request may carry `"v": 1`, a `hello` `"protocol": 1`.
    public static let protocolVersion = 1

    /// Introduces the client: a name for logs, its locale, its profile (by name).
    case hello(client: String?, locale: String?, profile: String?)
    /// A game event, to be mapped by the event map (`type` is the event's name).
    case event(type: String, fields: [Field])
    case say(Say)
    /// Cancels this client's speech (or everyone's with `allClients`, or client `client`'s), all of it,
    /// one scope, (`speaking`) only the announcement being heard, what waits kept, or (`id`) the one
    /// announcement with that id, wherever it is.
    case cancel(
        scope: String?, allClients: Bool, speaking: Bool = false, client: ClientID? = nil, id: AnnouncementID? = nil)
    /// Pauses this client's speech, everyone's (`allClients`) or client `client`'s.
    case pause(allClients: Bool, client: ClientID? = nil)
    /// Lifts the pause `pause` with the same fields set.
    case resume(allClients: Bool, client: ClientID? = nil)
    /// Changes this client's voice settings (or every connected client's with `allClients`, or client
    /// `client`'s), as each one's own `set` would.
    case set(VoiceChange, allClients: Bool = false, client: ClientID? = nil)
    case status
    /// Starts the stream of outcomes for this client's announcements, or everyone's.
    /// `latency`: also the latencies measured after an announcement's end (`latency` lines).
    case subscribe(allClients: Bool, latency: Bool = false)
    /// Plays a sound of the client's profile now; the fields are the sound's arguments. A field
    /// `pan` (-1...1, checked when parsed) places the sound: its parts that have no place of their own.
    case play(sound: String, arguments: [Field])
    /// Speaks again the last announcement that started speaking: this client's (every client of its
    /// name's), or anyone's with `allClients`; queued as this client's, at `priority`.
    case `repeat`(allClients: Bool, priority: Priority)
    /// The last announcements with their outcomes, newest last: this client's (every client of its
    /// name's), or everyone's with `allClients`; `limit` of them at most (nil: all that are kept).
    case history(limit: Int?, allClients: Bool)

    /// The requests that are the protocol's own, by their `type`; any other `type` is a game event.
    public enum Kind: String, Sendable, CaseIterable {
        case hello, say, cancel, pause, resume, set, status, subscribe, play, `repeat`, history
    }

    /// The field of `say`, `play` and game events that places their speech and sounds (`Pan`).
    public static let panField = "pan"

    /// The names a game event may not take: they are the protocol's own requests.
    public static let commandNames: Set<String> = Set(Kind.allCases.map(\.rawValue))

    /// One field of an event, or one argument of a sound: `"lives": 2`.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: JSONValue

        public init(_ name: String, _ value: JSONValue) {
            self.name = name
            self.value = value
        }
    }

    /// A `say` request: a table key with arguments, or raw text, and how it is scheduled.
    public struct Say: Sendable, Hashable {
        public enum Content: Sendable, Hashable {
            case key(String, arguments: [FormatArgument])
            case text(String)
        }

        public var content: Content
        public var priority: Priority
        /// Replaces a waiting or speaking announcement of the same client with this tag.
        public var supersedes: String?
        /// Dropped if it has not started this long after it was queued.
        public var expiresMilliseconds: Int?
        /// Cut by a higher priority, it resumes where it was cut instead of being dropped.
        public var resume: Bool
        /// Belongs to a scope the client can cancel as one (`help`, `help.section.1`).
        public var scope: String?
        /// The text (or the key's text) is an SSML document, spoken with its markup; otherwise every
        /// character is spoken as it is, `<` included.
        public var ssml: Bool
        /// Where the speech is heard, left to right; nil: the centre.
        public var pan: Pan?
        /// One with the other announcements of its `scope` (SSIP's block): a cancel of what is heard
        /// that takes it takes those waiting too.
        public var block: Bool

        public init(
            _ content: Content, priority: Priority = .default, supersedes: String? = nil,
            expiresMilliseconds: Int? = nil, resume: Bool = false, scope: String? = nil, ssml: Bool = false,
            pan: Pan? = nil, block: Bool = false
        ) {
            self.content = content
            self.priority = priority
            self.supersedes = supersedes
            self.expiresMilliseconds = expiresMilliseconds
            self.resume = resume
            self.scope = scope
            self.ssml = ssml
            self.pan = pan
            self.block = block
        }
    }

    /// A `set` request: the voice settings this client changes, and the volume of its sounds; nil
    /// keeps the current one.
    public struct VoiceChange: Sendable, Hashable {
        /// The settings a `set` changes, by their field names.
        public enum Setting: String, Sendable, Hashable, CaseIterable {
            case locale, rate, pitch, volume
            case effectsVolume = "effects_volume"
            case variant, punctuation, capitals, spelling
        }

        public var locale: String?
        public var rate: Int?
        public var pitch: Int?
        /// Speech's loudness, 100 normal.
        public var volume: Int?
        /// The loudness of this client's sounds (`play`, and sounds of its events), 100 as rendered.
        public var effectsVolume: Int?
        /// A variant of the speech system's voices (espeak-ng's `f2`, `narrator voices --variants`) the
        /// client's speech takes, whatever voice speaks its language.
        public var variant: String?
        public var punctuation: Punctuation?
        public var capitals: CapitalLetters?
        /// Plain text is said character by character.
        public var spelling: Bool?
        /// The settings given as `null`: back to the daemon's default, and following it from then on.
        public var reset: Set<Setting>

        public init(
            locale: String? = nil, rate: Int? = nil, pitch: Int? = nil, volume: Int? = nil, effectsVolume: Int? = nil,
            variant: String? = nil, punctuation: Punctuation? = nil, capitals: CapitalLetters? = nil,
            spelling: Bool? = nil, reset: Set<Setting> = []
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
            self.reset = reset
        }
    }
}
