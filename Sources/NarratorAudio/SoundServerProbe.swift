import NarratorSystem

/// What a PulseAudio server (or PipeWire's pulse server) does with a stream of the narrator's, for
/// `narrator doctor`: a stream opened as the daemon opens its own (so the server routes it to the
/// same sink), a tenth of a second of silence played on it, then the sink asked for. A sink
/// suspended by hand never reads that silence; an idle one is resumed by it.
public struct SoundServerProbe: Sendable {
    /// The server's name and version.
    public var server: String
    /// The sink the stream played on; nil when the server did not say.
    public var sink: SinkReport?
    /// The sink read the silence within `playLimit`.
    public var plays: Bool

    /// The longest the sink may take to start reading.
    public static let playLimit = Duration.seconds(1)

    /// Probes `server` (nil: PULSE_SERVER's, or the user's own); an error when none answers.
    public static func run(server: String?) throws(AudioDeviceError) -> SoundServerProbe {
        let rate = 22050
        let device = try PulseDevice(
            sampleRate: rate, channels: 1, bufferFrames: rate * 80 / 1000, startFrames: rate / 100, server: server)
        defer { device.close() }
        let name = (try? device.serverName()) ?? "a sound server"
        let silence = [Int16](repeating: 0, count: rate / 10)
        try silence.withUnsafeBufferPointer { (samples) throws(AudioDeviceError) in try device.write(samples) }
        let deadline = ContinuousClock.now + playLimit
        var plays = false
        while ContinuousClock.now < deadline {
            if try device.backlog().queued < silence.count {
                plays = true
                break
            }
            // Polled, not waited for: the server says nothing when its sink reads.
            SystemClock.sleep(for: .milliseconds(5))
        }
        return SoundServerProbe(server: name, sink: try device.sink(), plays: plays)
    }
}
