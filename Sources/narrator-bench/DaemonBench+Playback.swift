import Logging
import NarratorAudio
import NarratorSpeech
import NarratorTestSupport

/// What a listener hears: the daemon plays through pcaudiolib into a private PulseAudio whose
/// null-sink monitor is recorded (PulseBench's setup and rules). A sample's time is when parec
/// delivered it, so these figures include the recorder's ~5 ms period: they are upper bounds.
extension DaemonBench.Measurement {
    /// Event written -> first audible sample on the monitor. Each phrase waits for 100 ms of
    /// recorded silence first and for its announcement to end after. Also to the first sample above
    /// 250 (`MonitorRecorder.halvedAudible`).
    func audible() async throws {
        let (latencies, unhalved) = try await withDaemonOnPulse { socket, recorder, _ in
            let client = try DaemonBench.Client(socket: socket, subscribe: true)
            var latencies: [Double] = []
            var unhalved: [Double] = []
            for index in 0..<count {
                guard let before = recorder.afterSilence() else { continue }
                let (reply, written, _) = try client.request(DaemonBench.events[index % DaemonBench.events.count])
                guard let heard = recorder.firstSound(after: before),
                    let quiet = recorder.firstSound(after: before, above: MonitorRecorder.halvedAudible)
                else { continue }
                try client.waitForEnd(of: String(try reply.announcement()))
                latencies.append((heard.arrival - written).milliseconds)
                unhalved.append((quiet.arrival - written).milliseconds)
            }
            return (latencies, unhalved)
        }
        print(
            "event written -> first audible sample on the monitor: \(Distribution(latencies).millisecondsSummary())"
        )
        print(
            "event written -> first sample above 250: "
                + Distribution(unhalved).millisecondsSummary())
    }

    /// The daemon in this process speaking through a mixer into a private PulseAudio (and to
    /// `copy` too, when given), and a client thread given its socket, the monitor's recorder and
    /// the mixer (to see whether its device is open).
    func withDaemonOnPulse<Result: Sendable>(
        copy: MemorySink? = nil, channels: Int = 1, wine: Bool = false,
        _ body: @escaping @Sendable (String, MonitorRecorder, Mixer) throws -> Result
    ) async throws -> Result {
        let engine = engine
        let logger = logger
        return try await PulseBench.withPulse(sampleRate: engine.sampleRate, channels: channels) { mixer, recorder in
            let sink = copy.map { TeeSink(mixer.speech, $0) } ?? mixer.speech
            return try await DaemonBench.InProcessDaemon.with(
                engine: engine, sink: sink, sounds: mixer, logger: logger, wine: wine
            ) { daemon in
                try await DaemonBench.onOwnThread { try body(daemon.socket, recorder, mixer) }
            }
        }
    }
}

extension MemorySink {
    /// Announcement `id` as the mixer plays it when nothing else sounds: every sample the engine
    /// wrote, unchanged (the limiter passes what fits in 16 bits as it is).
    func asMixed(_ id: UInt64) -> [Int16] {
        samples(of: id)
    }
}
