import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Another program playing into the sink: `pacat` playing a quiet 440 Hz tone (amplitude 100, far
/// below the 500 that counts as sound in the recordings) with its own latency, as a game's music or
/// a media player would. Stopped by PID.
public final class TonePlayer: Sendable {
    private let process: ChildProcess
    private let file: URL

    /// Starts playing a minute of the tone to the PulseAudio (or pipewire-pulse) server `server`,
    /// asking it for `latencyMilliseconds`.
    public init(server: String, sampleRate: Int, latencyMilliseconds: Int) throws {
        guard let executable = PrivatePulseAudio.findExecutable("pacat") else {
            throw ChildProcess.Failure(description: "pacat is not installed: sudo apt-get install pulseaudio-utils")
        }
        file = FileManager.default.temporaryDirectory
            .appendingPathComponent("narrator-tone-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).raw")
        var bytes = [UInt8]()
        bytes.reserveCapacity(sampleRate * 60 * 2)
        for index in 0..<(sampleRate * 60) {
            let phase = Double(index) * 440 / Double(sampleRate)
            let sample = Int16(100 * sin(2 * Double.pi * phase))
            let bits = UInt16(bitPattern: sample)
            bytes.append(UInt8(bits & 0xFF))
            bytes.append(UInt8(bits >> 8))
        }
        try Data(bytes).write(to: file)
        process = try ChildProcess(
            executable: executable.path,
            arguments: [
                "--playback", "--server=\(server)", "--raw", "--format=s16le", "--rate=\(sampleRate)", "--channels=1",
                "--latency-msec=\(latencyMilliseconds)", file.path,
            ],
            environment: ProcessInfo.processInfo.environment, captureErrors: true)
    }

    /// Stops the player and removes its file.
    public func stop() {
        _ = process.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(at: file)
    }
}
