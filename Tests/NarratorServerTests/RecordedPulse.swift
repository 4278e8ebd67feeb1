import NarratorTestSupport
import Testing

/// A private PulseAudio whose monitor is recorded, the recorder warmed up (an idle null sink stalls a
/// new stream unless a recorder has run for a while), for the suites whose daemons speak into it;
/// both are stopped when it goes.
final class RecordedPulse {
    let pulse: PrivatePulseAudio
    let recorder: MonitorRecorder

    init() throws {
        pulse = try PrivatePulseAudio.start()
        recorder = try pulse.record()
        try #require(recorder.waitForSamples(2 * recorder.sampleRate), "the monitor recorded nothing")
    }

    deinit {
        recorder.stop()
        pulse.stop()
    }

    /// A daemon speaking into this PulseAudio (`--output pulse`), with `arguments` added, on `socket`
    /// when given.
    func daemon(_ arguments: [String] = [], socket: String? = nil) throws -> DaemonProcess {
        try DaemonProcess(
            arguments: ["--output", "pulse"] + arguments, environment: ["PULSE_SERVER": pulse.server], socket: socket)
    }
}
