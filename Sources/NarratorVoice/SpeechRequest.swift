public import NarratorWire

/// One announcement to speak, as the daemon hands it across the seam.
public struct SpeechRequest: Sendable, Hashable {
    /// The most text one request may hold, in UTF-8 bytes: the protocol's, as long as a request line.
    public static let maximumTextBytes = ProtocolLimits.maximumTextBytes

    public let id: AnnouncementID
    public let text: String
    public let voice: VoiceRequest
    /// Offset in Unicode scalars where speech begins; a resumed announcement starts mid-way.
    /// An SSML request always starts at its beginning (a cut would break its markup).
    public let startPosition: Int
    /// `text` is an SSML document (checked by `SSMLCheck`); otherwise every character is spoken as
    /// it is, `<` included.
    public let ssml: Bool
    /// Where the speech is heard, left to right (the mixer's pan law, docs/AUDIO.md); a speech
    /// system that plays through its own audio (speech-dispatcher) cannot place it.
    public let pan: Pan

    public init(
        id: AnnouncementID, text: String, voice: VoiceRequest = VoiceRequest(), startPosition: Int = 0,
        ssml: Bool = false, pan: Pan = .centre
    ) {
        self.id = id
        self.text = text
        self.voice = voice
        self.startPosition = ssml ? 0 : startPosition
        self.ssml = ssml
        self.pan = pan
    }

    /// Checks what a speech system would refuse or silently clamp, and an SSML document's markup;
    /// done once, before the request crosses the seam.
    public static func validate(text: String, ssml: Bool = false) throws(SpeechRequestError) {
        let bytes = text.utf8.count
        if bytes > maximumTextBytes { throw .textTooLong(bytes: bytes, limit: maximumTextBytes) }
        if text.allSatisfy(\.isWhitespace) { throw .emptyText }
        if ssml {
            do {
                try SSMLCheck.check(text)
            } catch {
                throw .ssml(error)
            }
        }
    }
}

/// How an announcement should sound: language, voice, speed, pitch, loudness.
public struct VoiceRequest: Sendable, Hashable {
    public static let rateRange = 80...450
    public static let pitchRange = 0...100
    public static let volumeRange = 0...200

    /// BCP-47 locale, e.g. `en-GB`.
    public var locale: String
    /// Words per minute.
    public var rate: Int
    /// Base pitch, 50 is normal.
    public var pitch: Int
    /// Loudness, 100 is normal.
    public var volume: Int
    /// A voice chosen by name, with an optional variant (espeak-ng's `pl+f3`: the Polish voice,
    /// female variant 3), checked with `VoiceCatalog.voice(named:)`; nil: the locale's own voice.
    public var voice: String?
    /// A variant (espeak-ng's `f2`) over whatever voice speaks, replacing the named voice's own;
    /// nil: the voice as it is. Checked with `VoiceCatalog.variant(named:)`.
    public var variant: String?
    /// Which punctuation is said by name.
    public var punctuation: Punctuation
    /// How capital letters are told.
    public var capitals: CapitalLetters

    public init(
        locale: String = "en", rate: Int = 175, pitch: Int = 50, volume: Int = 100, voice: String? = nil,
        variant: String? = nil, punctuation: Punctuation = .none, capitals: CapitalLetters = .none
    ) {
        self.locale = locale
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.voice = voice
        self.variant = variant
        self.punctuation = punctuation
        self.capitals = capitals
    }

    /// Throws the first setting out of its range.
    public func validate() throws(SpeechRequestError) {
        if !Self.rateRange.contains(rate) { throw .outOfRange(name: "rate", value: rate, range: Self.rateRange) }
        if !Self.pitchRange.contains(pitch) { throw .outOfRange(name: "pitch", value: pitch, range: Self.pitchRange) }
        if !Self.volumeRange.contains(volume) {
            throw .outOfRange(name: "volume", value: volume, range: Self.volumeRange)
        }
    }
}

/// Why a request cannot be spoken, said so a person can act on it.
public enum SpeechRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    case emptyText
    case textTooLong(bytes: Int, limit: Int)
    case outOfRange(name: String, value: Int, range: ClosedRange<Int>)
    /// The SSML document is malformed, or uses what is not accepted.
    case ssml(SSMLError)

    public var description: String {
        switch self {
        case .emptyText:
            return "There is nothing to say: the text is empty."
        case .textTooLong(let bytes, let limit):
            return "The text is \(bytes) bytes long; the most one utterance may hold is \(limit) bytes. Split it."
        case .outOfRange(let name, let value, let range):
            return "\(name) \(value) is out of range; use \(range.lowerBound) to \(range.upperBound)."
        case .ssml(let error):
            return error.description
        }
    }
}
