public import NarratorVoice

extension SpeechEngine {
    /// Speaks and waits for the end, for a caller that speaks one request at a time (`narrator
    /// say`, benchmarks, tests). Returns the request's last event: `finished`, `stopped` or
    /// `failed`. `onEvent` sees every event, the last one included.
    public func speakAndWait(
        _ request: SpeechRequest, to sink: any AudioSink,
        onEvent: @escaping @Sendable (SpeakerEvent) -> Void = { _ in }
    ) async throws(SpeechError) -> SpeakerEvent {
        let (stream, continuation) = AsyncStream.makeStream(of: SpeakerEvent.self)
        try speak(request, to: sink) { event in
            onEvent(event)
            switch event {
            case .finished, .stopped, .failed:
                continuation.yield(event)
                continuation.finish()
            case .started, .sentence, .mark:
                return
            }
        }
        for await last in stream { return last }
        return .failed(request.id, reason: SpeechError.engineShutDown.description)
    }
}
