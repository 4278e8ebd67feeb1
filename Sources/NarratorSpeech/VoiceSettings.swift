import NarratorVoice

/// How an utterance sounds: language, speed, pitch and loudness, in espeak-ng's units.
public struct VoiceSettings: Sendable, Hashable {
    // The ranges are the speech seam's: what the daemon accepts is what the engine takes.
    public static let rateRange = VoiceRequest.rateRange
    public static let pitchRange = VoiceRequest.pitchRange
    public static let volumeRange = VoiceRequest.volumeRange

    /// BCP-47 locale, e.g. `en-GB`.
    public var locale: String
    /// Words per minute (espeak-ng's default is 175).
    public var rate: Int
    /// Base pitch, 50 is normal.
    public var pitch: Int
    /// Amplitude, 100 is normal.
    public var volume: Int

    public init(locale: String = "en", rate: Int = 175, pitch: Int = 50, volume: Int = 100) {
        self.locale = locale
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
    }

    /// Throws the first setting that espeak-ng would silently clamp or reject.
    public func validate() throws(SpeechError) {
        if !Self.rateRange.contains(rate) {
            throw .parameterOutOfRange(name: "rate", value: rate, range: Self.rateRange)
        }
        if !Self.pitchRange.contains(pitch) {
            throw .parameterOutOfRange(name: "pitch", value: pitch, range: Self.pitchRange)
        }
        if !Self.volumeRange.contains(volume) {
            throw .parameterOutOfRange(name: "volume", value: volume, range: Self.volumeRange)
        }
    }
}
