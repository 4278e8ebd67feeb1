// The engine speaks with the speech seam's own settings, so their ranges and checks are defined once.
@_exported public import NarratorVoice

/// How an utterance sounds: language, speed, pitch and loudness, in espeak-ng's units (words per
/// minute, pitch 0-100 with 50 normal, volume 0-200 with 100 normal).
public typealias VoiceSettings = VoiceRequest
