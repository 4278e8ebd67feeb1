import NarratorVoice

/// One request to speak: the text, its voice, and where in the text to begin.
public struct Utterance: Sendable, Hashable {
    /// The most text one utterance may hold, in UTF-8 bytes; the daemon's line limit is the same.
    public static let maximumTextBytes = SpeechRequest.maximumTextBytes

    /// Chosen by the caller (the scheduler's announcement id), reported back in every event.
    public let id: UInt64
    public let text: String
    public let voice: VoiceSettings
    /// Offset in Unicode scalars where speech begins; resuming an interrupted text starts mid-way.
    /// Always 0 for SSML.
    public let startPosition: Int
    /// `text` is SSML (espeak-ng's `espeakSSML`), checked already; it is spoken from its start and
    /// reports no sentence positions. Otherwise markup is spoken as the characters it is.
    public let ssml: Bool

    public init(
        id: UInt64, text: String, voice: VoiceSettings = VoiceSettings(), startPosition: Int = 0, ssml: Bool = false
    ) {
        self.id = id
        self.text = text
        self.voice = voice
        self.startPosition = ssml ? 0 : startPosition
        self.ssml = ssml
    }
}

/// What happens to an utterance, in order: `started`, any `boundary`, then one of the last three.
public enum SpeechEvent: Sendable, Hashable {
    /// Where a sentence or word begins, as a Unicode-scalar offset into the whole text.
    public enum BoundaryKind: Sendable, Hashable {
        case sentence
        case word
    }

    /// The engine took the utterance and chose its voice. Not sent when stopped while still waiting.
    case started(id: UInt64, voice: ResolvedVoice)
    /// Playback reached a sentence or word.
    case boundary(id: UInt64, kind: BoundaryKind, position: Int)
    /// All of its audio has been played.
    case finished(id: UInt64)
    /// Stopped before the end; `resumePosition` is the start of the last sentence that was reached.
    case stopped(id: UInt64, resumePosition: Int)
    /// Not spoken at all; the error says why.
    case failed(id: UInt64, error: SpeechError)

    public var id: UInt64 {
        switch self {
        case .started(let id, _), .boundary(let id, _, _), .finished(let id), .stopped(let id, _),
            .failed(let id, _):
            return id
        }
    }
}
