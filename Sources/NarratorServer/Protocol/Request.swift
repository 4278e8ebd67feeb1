public import NarratorCore
public import NarratorLocalization

/// One request line from a client, after parsing and checking.
public enum Request: Sendable {
    /// The current protocol version; a request may carry `"v": 1`.
    public static let protocolVersion = 1

    /// Introduces the client: a name for logs, its locale, its profile (by name), the protocol
    /// version it speaks.
    case hello(client: String?, locale: String?, profile: String?)
    /// A game event, to be mapped by the event map (`type` is the event's name).
    case event(type: String, fields: [String: JSONValue])
    case say(Say)
    /// Cancels this client's speech (or everyone's with `allClients`), all of it or one scope.
    case cancel(scope: Scope?, allClients: Bool)
    case pause(allClients: Bool)
    case resume(allClients: Bool)
    case set(VoiceChange)
    case status
    /// Starts the stream of outcomes for this client's announcements, or everyone's.
    case subscribe(allClients: Bool)
    /// Plays a sound of the client's profile now; the other fields are the sound's arguments.
    case play(sound: String, arguments: [String: JSONValue])

    /// A `say` request: a table key with arguments, or raw text.
    public struct Say: Sendable {
        public enum Content: Sendable {
            case key(String, arguments: [FormatArgument])
            case text(String)
        }

        public var content: Content
        public var priority: Priority
        public var policy: AnnouncementPolicy
    }

    /// A `set` request: the voice settings this client changes; nil keeps the current one.
    public struct VoiceChange: Sendable {
        public var locale: String?
        public var rate: Int?
        public var pitch: Int?
        public var volume: Int?
    }

    /// Names a game event may not take: they are the protocol's own requests.
    public static let commands: Set<String> = [
        "hello", "say", "cancel", "pause", "resume", "set", "status", "subscribe", "play",
    ]
}
