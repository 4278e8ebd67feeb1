public import FoundationEssentials

/// A private PulseAudio whose monitor is recorded, the recorder warmed up: what the playback tests and
/// benchmarks play into. An idle null sink stalls a new stream unless a recorder has run for a
/// while, so this returns once the recorder has recorded two seconds. `stop()` (or the last
/// reference going) stops both.
public final class RecordedPulse: Sendable {
    public let pulse: PrivatePulseAudio
    public let recorder: MonitorRecorder

    /// `directory`, `rewinds` and `channels` as in `PrivatePulseAudio.start`; `latencyMilliseconds`
    /// is the recorder's (`PrivatePulseAudio.record`).
    public init(in directory: URL? = nil, rewinds: Bool = true, channels: Int = 1, latencyMilliseconds: Int = 5)
        throws
    {
        pulse = try PrivatePulseAudio.start(in: directory, rewinds: rewinds, channels: channels)
        do {
            recorder = try pulse.record(latencyMilliseconds: latencyMilliseconds, channels: channels)
        } catch {
            pulse.stop()
            throw error
        }
        guard recorder.waitForSamples(2 * recorder.sampleRate * channels) else {
            stop()
            throw PrivatePulseAudio.Failure(description: "the monitor of the private PulseAudio recorded nothing")
        }
    }

    /// The server's address, for `PULSE_SERVER`.
    public var server: String { pulse.server }

    public func stop() {
        recorder.stop()
        pulse.stop()
    }

    deinit { stop() }
}
