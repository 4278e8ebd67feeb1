/// The engine speaks the speech seam's own types (`SpeechRequest`, `VoiceRequest`, `SpeakerEvent`);
/// they come with this module.
@_exported public import NarratorVoice
