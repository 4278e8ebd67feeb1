public import NarratorAudio
public import NarratorSpeech

/// What the daemon needs from speech. The daemon runs on the real engine; tests of the logic
/// around it may hand in their own.
public protocol Speaker: Sendable {
    /// Queues an utterance; events come back through `observer`, in order for one utterance.
    func speak(_ utterance: Utterance, observer: @escaping @Sendable (SpeechEvent) -> Void) throws(SpeechError)
    /// Stops an utterance, queued or speaking.
    func stop(_ id: UInt64)
    /// The voice a locale gets (and whether it falls back); throws for a malformed tag.
    func voice(for locale: String) throws(SpeechError) -> ResolvedVoice
}

/// The libespeak-ng engine, speaking to one sink.
public struct EngineSpeaker: Speaker {
    public let engine: SpeechEngine
    public let sink: any AudioSink

    public init(engine: SpeechEngine, sink: any AudioSink) {
        self.engine = engine
        self.sink = sink
    }

    public func speak(_ utterance: Utterance, observer: @escaping @Sendable (SpeechEvent) -> Void) throws(SpeechError) {
        try engine.speak(utterance, to: sink, observer: observer)
    }

    public func stop(_ id: UInt64) { engine.stop(id) }

    public func voice(for locale: String) throws(SpeechError) -> ResolvedVoice {
        try engine.resolveVoice(locale)
    }
}
