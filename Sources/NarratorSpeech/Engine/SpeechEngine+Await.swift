public import NarratorAudio

/// How an utterance ended.
public enum SpeechOutcome: Sendable, Hashable {
    case finished
    case stopped(resumePosition: Int)
    case failed(SpeechError)
}

extension SpeechEngine {
    /// Speaks and waits for the end. `onEvent` sees every event, the last one included.
    public func speakAndWait(
        _ utterance: Utterance, to sink: any AudioSink,
        onEvent: @escaping @Sendable (SpeechEvent) -> Void = { _ in }
    ) async throws(SpeechError) -> SpeechOutcome {
        let (stream, continuation) = AsyncStream.makeStream(of: SpeechOutcome.self)
        try speak(utterance, to: sink) { event in
            onEvent(event)
            switch event {
            case .finished: continuation.yield(.finished)
            case .stopped(_, let position): continuation.yield(.stopped(resumePosition: position))
            case .failed(_, let error): continuation.yield(.failed(error))
            case .started, .boundary: return
            }
            continuation.finish()
        }
        for await outcome in stream { return outcome }
        return .failed(.engineShutDown)
    }
}
