/// A PulseAudio sink (PipeWire's pulse server has them too) as the server describes it.
public struct SinkReport: Sendable, Hashable {
    /// The sink's state (`pactl list sinks`' State).
    public enum State: String, Sendable {
        case running
        case idle
        /// Not playing: idle for a while (the server resumes it for the next stream), or suspended
        /// by hand (`pactl suspend-sink`), when it stays so.
        case suspended
        /// Not usable (the server's INVALID_STATE, or a state of a newer server).
        case unusable
    }

    /// Its name for `pactl` (`alsa_output.pci-0000_00_1f.3.analog-stereo`).
    public var name: String
    /// Its name for people (`Built-in Audio Analog Stereo`).
    public var description: String?
    public var channels: Int
    public var muted: Bool
    /// The average of its channels' volumes, 100 being the server's normal volume.
    public var volumePercent: Int
    public var state: State
    /// What the sink holds before a sample is heard: the device's latency the server reports.
    public var latencyMilliseconds: Double

    public init(
        name: String, description: String?, channels: Int, muted: Bool, volumePercent: Int, state: State,
        latencyMilliseconds: Double
    ) {
        self.name = name
        self.description = description
        self.channels = channels
        self.muted = muted
        self.volumePercent = volumePercent
        self.state = state
        self.latencyMilliseconds = latencyMilliseconds
    }
}
