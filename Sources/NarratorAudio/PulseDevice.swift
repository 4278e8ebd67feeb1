import CPulse

/// A PulseAudio playback stream (PipeWire's pulse server serves it too), through libpulse-simple.
///
/// Used directly rather than through pcaudiolib for two things the mixer needs: the stream's
/// latency (what was written and is not heard yet), and a small prebuffer, so a 30 ms earcon
/// starts playing at once instead of waiting for the buffer to fill.
final class PulseDevice: AudioDevice {
    private let stream: OpaquePointer
    private let sampleRate: Int

    /// Connects to `server`, else the one named by PULSE_SERVER (or the user's own), and opens a
    /// mono stream.
    /// `bufferFrames` bounds what the server holds for us; playback starts once `startFrames` are in.
    init(sampleRate: Int, bufferFrames: Int, startFrames: Int, server: String? = nil) throws(AudioDeviceError) {
        self.sampleRate = sampleRate
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(sampleRate), channels: 1)
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: UInt32(bufferFrames * 2), prebuf: UInt32(startFrames * 2),
            minreq: UInt32.max, fragsize: UInt32.max)
        var error: Int32 = 0
        guard
            let stream = pa_simple_new(
                server, "narrator", PA_STREAM_PLAYBACK, nil, "Narrator speech and sounds", &spec, nil, &attributes,
                &error)
        else {
            throw Self.failure("pa_simple_new", error)
        }
        self.stream = stream
    }

    func unplayedFrames() throws(AudioDeviceError) -> Int {
        var error: Int32 = 0
        let microseconds = pa_simple_get_latency(stream, &error)
        guard microseconds != UInt64.max else { throw Self.failure("pa_simple_get_latency", error) }
        return Int(microseconds) * sampleRate / 1_000_000
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        var error: Int32 = 0
        guard pa_simple_write(stream, base, samples.count * 2, &error) == 0 else {
            throw Self.failure("pa_simple_write", error)
        }
    }

    func discardUnplayed() throws(AudioDeviceError) {
        var error: Int32 = 0
        guard pa_simple_flush(stream, &error) == 0 else { throw Self.failure("pa_simple_flush", error) }
    }

    func close() {
        pa_simple_free(stream)
    }

    private static func failure(_ function: String, _ code: Int32) -> AudioDeviceError {
        let reason = pa_strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return AudioDeviceError(output: "pulse", message: "\(function)() failed: \(reason).")
    }
}
