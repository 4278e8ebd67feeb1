public import NarratorWire

/// What the daemon needs from speech: the seam between the scheduler's decisions and a speech
/// system. Nothing here names espeak-ng; the espeak-ng engine (NarratorSpeech's `EngineSpeaker`) is
/// one implementation, and a speech-dispatcher backend can be another with no change above it.
///
/// Requests arrive already checked (`SpeechRequest.validate()`, done once, by the daemon): an
/// implementation speaks what it is given. Events for one announcement come in order: `started`,
/// any `sentence`, then exactly one of `finished`, `stopped`, `failed`.
public protocol Speaker: VoiceCatalog {
    /// Queues a request; events come back through `observer`, from any thread.
    func speak(_ request: SpeechRequest, observer: @escaping @Sendable (SpeakerEvent) -> Void) throws(SpeakerError)
    /// Stops an announcement, queued or speaking; an unknown or ended id is ignored.
    func stop(_ id: AnnouncementID)
    /// The voices as a value, read once: what the daemon's conductor decides with. Its lookups touch
    /// nothing the speaking side holds (no lock, no connection), so deciding never waits on speech.
    var voices: any VoiceCatalog { get }
    /// What speaks and how its synthesizer fares, for `status`: read on the daemon's event loop, so
    /// it takes no more than a lock. Nil (the default): not said.
    var synthesizer: Reply.Status.Synthesizer? { get }
}

extension Speaker {
    public var synthesizer: Reply.Status.Synthesizer? { nil }
}

/// The voices a speech system has: what a client's locale and the player's configured voices
/// (`narrator config`, the daemon at start and on SIGHUP) are checked against.
public protocol VoiceCatalog: Sendable {
    /// The voice a locale gets, and whether it falls back; throws for a tag that is not a locale.
    func voice(for locale: String) throws(SpeakerError) -> VoiceChoice
    /// The voice a name chooses (`pl+f3`, `VoiceRequest.voice`); throws for a name the speech system
    /// does not have, saying where to find the names it has. A system that chooses its own voices
    /// accepts any name, with a warning that it is not used.
    func voice(named name: String) throws(SpeakerError) -> VoiceChoice
    /// The variant a name chooses (`f2`, `VoiceRequest.variant`), as the speech system calls it;
    /// throws for one it does not have, saying where to find those it has.
    func variant(named name: String) throws(SpeakerError) -> String
}

extension VoiceCatalog {
    /// A speech system without variants of its own takes any name, and speaks as it would without.
    public func variant(named name: String) throws(SpeakerError) -> String { name }
}

/// What happened to a request, in order.
public enum SpeakerEvent: Sendable, Hashable {
    /// Speaking began (the first sample is on its way to the listener).
    case started(AnnouncementID)
    /// The listener reached the start of a sentence, at this Unicode-scalar offset of the whole text.
    case sentence(AnnouncementID, position: Int)
    /// The listener reached an SSML `<mark name="..."/>` of the text (SSIP's index marks).
    case mark(AnnouncementID, name: String)
    /// Every sample was heard.
    case finished(AnnouncementID)
    /// Stopped before the end; `resumePosition` is the start of the last sentence heard.
    case stopped(AnnouncementID, resumePosition: Int)
    /// Not heard to its end; the reason is a sentence a person can act on.
    case failed(AnnouncementID, reason: String)
}

/// The voice chosen for a locale.
public struct VoiceChoice: Sendable, Hashable {
    /// The voice's own name (`English (Great Britain)`).
    public let name: String
    /// One line for the log when the voice is not the one asked for; nil for an exact match.
    public let fallbackWarning: String?
    /// When the voice does not speak the requested language at all (not merely another region of
    /// it): the language it speaks instead, a BCP-47 tag (`en`). Nil otherwise, and when the speech
    /// system does not say which language its voice speaks.
    public let substituteLanguage: String?

    public init(name: String, fallbackWarning: String?, substituteLanguage: String? = nil) {
        self.name = name
        self.fallbackWarning = fallbackWarning
        self.substituteLanguage = substituteLanguage
    }
}

/// A speech system refused a request or a locale.
public struct SpeakerError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
