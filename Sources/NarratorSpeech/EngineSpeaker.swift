public import NarratorVoice
public import NarratorWire

/// The libespeak-ng engine behind the daemon's speech seam, speaking into one sink (the mixer's
/// speech channel). The engine speaks the seam's own requests and events; what this adds is the
/// sink, which the seam does not name (the engine speaks to whichever sink a caller gives it). It
/// speaks what it is given: the daemon has checked each request already.
public struct EngineSpeaker: Speaker {
    public let engine: SpeechEngine
    public let sink: any AudioSink

    public init(engine: SpeechEngine, sink: any AudioSink) {
        self.engine = engine
        self.sink = sink
    }

    public func speak(_ request: SpeechRequest, observer: @escaping @Sendable (SpeakerEvent) -> Void)
        throws(SpeakerError)
    {
        do {
            try engine.enqueueChecked(request, to: sink, observer: observer)
        } catch {
            throw SpeakerError(error.description)
        }
    }

    public func stop(_ id: AnnouncementID) { engine.stop(id) }

    /// The engine's voice lists, with choices kept apart from the engine's (`EngineVoices.snapshot`).
    public var voices: any VoiceCatalog { EngineVoices.snapshot(of: engine) }

    /// espeak-ng, its child's sandbox, and how many children were started after the first.
    public var synthesizer: Reply.Status.Synthesizer? {
        Reply.Status.Synthesizer(
            name: "espeak-ng", sandbox: engine.synthesizerSandbox, restarts: max(0, engine.synthesizerStarts - 1))
    }

    /// A lookup only. A fallback is logged (once per locale) when an announcement in that locale is
    /// spoken (`enqueueChecked`).
    public func voice(for locale: String) throws(SpeakerError) -> VoiceChoice {
        try EngineVoices(engine: engine, logsFallbacks: false).voice(for: locale)
    }

    public func voice(named name: String) throws(SpeakerError) -> VoiceChoice {
        try EngineVoices(engine: engine).voice(named: name)
    }

    public func variant(named name: String) throws(SpeakerError) -> String {
        try EngineVoices(engine: engine).variant(named: name)
    }
}
