public import NarratorAudio
public import NarratorVoice
public import NarratorWire

/// The libespeak-ng engine behind the daemon's speech seam, speaking into one sink (the mixer's
/// speech channel). It speaks what it is given: the daemon has checked each request already.
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
        let utterance = Utterance(
            id: request.id.rawValue, text: request.text, voice: request.voice, startPosition: request.startPosition,
            ssml: request.ssml)
        let id = request.id
        do {
            try engine.enqueueChecked(utterance, to: sink) { event in
                switch event {
                case .started: observer(.started(id))
                case .boundary(_, .sentence, let position): observer(.sentence(id, position: position))
                case .boundary: return
                case .finished: observer(.finished(id))
                case .stopped(_, let position): observer(.stopped(id, resumePosition: position))
                case .failed(_, let error): observer(.failed(id, reason: error.description))
                }
            }
        } catch {
            throw SpeakerError(error.description)
        }
    }

    public func stop(_ id: AnnouncementID) { engine.stop(id.rawValue) }

    public func voice(for locale: String) throws(SpeakerError) -> VoiceChoice {
        try EngineVoices(engine: engine).voice(for: locale)
    }

    public func voice(named name: String) throws(SpeakerError) -> VoiceChoice {
        try EngineVoices(engine: engine).voice(named: name)
    }
}
