import Logging
import NarratorAudio
import NarratorSpeech

/// Event written -> reply read, and event written -> first PCM chunk in the daemon's sink.
///
/// One subscribed connection sends the game events in turn; after each reply it waits for the
/// notification that the announcement ended, so every event meets an idle daemon.
extension DaemonBench.Measurement {
    /// Event written -> reply line read (speech goes on meanwhile, to the null sink).
    func reply() async throws {
        let latencies = try await measure(sink: Mixer.null(sampleRate: engine.sampleRate).speech) {
            written, answered, _ in answered - written
        }
        print("event written -> reply read: \(Distribution(latencies).millisecondsSummary())")
    }

    /// The chunk is the first `write` of the utterance with the reply's announcement id (after the
    /// engine trimmed the leading silence), as the memory sink stamped it.
    func firstChunk() async throws {
        let sink = MemorySink()
        let latencies = try await measure(sink: sink) { written, _, id in
            let recording = sink.recordings.last { $0.id == id }
            guard let first = recording?.firstChunkAt else {
                throw DaemonBench.BenchFailure("announcement \(id) left no audio in the memory sink")
            }
            return first - written
        }
        print("event written -> first PCM chunk: \(Distribution(latencies).millisecondsSummary())")
    }

    /// Sends `count` events, one at a time; `latency` gets the write and reply instants and the
    /// announcement id once the announcement has ended.
    private func measure(
        sink: any AudioSink,
        latency: @escaping @Sendable (ContinuousClock.Instant, ContinuousClock.Instant, UInt64) throws -> Duration
    ) async throws -> [Double] {
        let count = count
        return try await DaemonBench.InProcessDaemon.with(engine: engine, sink: sink, logger: logger) { daemon in
            try await DaemonBench.onOwnThread {
                let client = try DaemonBench.Client(socket: daemon.socket, subscribe: true)
                var latencies: [Double] = []
                for index in 0..<count {
                    let (reply, written, answered) = try client.request(
                        DaemonBench.events[index % DaemonBench.events.count])
                    let id = try reply.announcement()
                    try client.waitForEnd(of: String(id))
                    latencies.append(try latency(written, answered, id).milliseconds)
                }
                return latencies
            }
        }
    }
}
