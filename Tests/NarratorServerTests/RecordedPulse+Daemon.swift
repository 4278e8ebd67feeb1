import NarratorTestSupport

extension RecordedPulse {
    /// A daemon speaking into this PulseAudio (`--output pulse`), with `arguments` added, on `socket`
    /// when given.
    func daemon(_ arguments: [String] = [], socket: String? = nil) throws -> DaemonProcess {
        try DaemonProcess(
            arguments: ["--output", "pulse"] + arguments, environment: ["PULSE_SERVER": pulse.server], socket: socket)
    }
}
