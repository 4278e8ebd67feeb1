import NarratorCore
public import NarratorVoice
public import NarratorWire

/// Everything that can happen to the conductor, as values: the one way in (`Conductor.handle`).
///
/// The shell (`ConductorShell`) turns what happens around it into these: a connection's request or
/// its end, the speech system's events, the audio output's changes, a timer, a reload that has
/// already read its files. The conductor never reads a file, a clock or a socket itself.
public enum ConductorInput: Sendable {
    /// A connection opened; the shell chose its id.
    case connected(ClientID)
    /// A connection ended. Its speech goes on (`narrator send` and socat close right after writing).
    case disconnected(ClientID)
    /// One request of a client. `profile` is what the shell loaded for a `hello` that names a profile
    /// the conductor does not hold yet (loading reads files); nil otherwise.
    case request(ClientID, Request, profile: ProfileLoad? = nil)
    /// A line that is not a request (malformed, too long): answered with this error.
    case rejected(ClientID, ProtocolError)
    /// The speech system reported on an announcement.
    case speech(SpeakerEvent)
    /// The speech system refused to speak an announcement the conductor asked it to (`speak` threw).
    case speakRefused(AnnouncementID, reason: String)
    /// The audio output was lost or works again.
    case output(OutputStatus)
    /// The audio output heard an edge of a sound: an announcement's or a sound's first sample, or
    /// the last of stopped speech (docs/AUDIO.md, W19).
    case heard(OutputTiming)
    /// The timer armed for this instant (`ConductorAction.arm`) fired.
    case timer(ContinuousClock.Instant)
    /// SIGHUP, with the player's settings and every held profile read again by the shell.
    case reloaded(Reload)
    /// The daemon stops: all speech is cancelled.
    case shutdown
}

/// A profile the shell tried to load for a client, by the name the client gave.
public enum ProfileLoad: Sendable {
    case loaded(Profile)
    /// The client's error: a name that leads nowhere, or a profile that does not load.
    case failed(ProtocolError)
}

/// What a reload read: the settings (nil when the daemon has no settings file to read) and each
/// held profile again, by name. What failed keeps its last good version.
public struct Reload: Sendable {
    public var config: Result<UserConfig.Loaded, ConfigError>?
    public var profiles: [(name: String, result: Result<Profile, Profile.LoadError>)]

    public init(
        config: Result<UserConfig.Loaded, ConfigError>?,
        profiles: [(name: String, result: Result<Profile, Profile.LoadError>)]
    ) {
        self.config = config
        self.profiles = profiles
    }
}
