import CPCAudio
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// ALSA through pcaudiolib (the espeak-ng project's audio layer).
///
/// pcaudiolib cannot say how much of what it was given is still unheard, so this device keeps its
/// own playback clock: frames are heard at the sample rate from the moment the buffer last ran
/// dry. Only this device estimates; PulseAudio reports its real latency.
final class PCAudioDevice: AudioDevice {
    private let object: OpaquePointer
    private let sampleRate: Int
    private let channels: Int
    private var written = 0
    /// When the device last started from empty, and how many frames had been written then.
    private var anchor: (time: ContinuousClock.Instant, frames: Int) = (.now, 0)

    init(sampleRate: Int, channels: Int = 2) throws(AudioDeviceError) {
        self.sampleRate = sampleRate
        self.channels = channels
        // alsa-lib prints its own multi-line complaints when there is no card at all; look first,
        // so the user reads one clear line instead.
        guard Self.alsaMayHaveDevice(), let created = create_alsa_object("default", "narrator", "Narrator") else {
            throw AudioDeviceError(
                output: "alsa", message: "ALSA has no sound card here (no /proc/asound/cards entry and no asound.conf)."
            )
        }
        let status = audio_object_open(created, AUDIO_OBJECT_FORMAT_S16LE, UInt32(sampleRate), UInt8(channels))
        if status != 0 {
            let reason = String(cString: audio_object_strerror(created, status))
            audio_object_destroy(created)
            throw AudioDeviceError(output: "alsa", message: "audio_object_open() failed: \(reason).")
        }
        self.object = created
    }

    func unplayedFrames() -> Int {
        let elapsed = anchor.time.duration(to: .now)
        let heard = anchor.frames + Int(elapsed / .seconds(1) * Double(sampleRate))
        return max(0, written - heard)
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        if unplayedFrames() == 0 { anchor = (.now, written) }
        let status = audio_object_write(object, base, samples.count * 2)
        guard status == 0 else {
            let reason = String(cString: audio_object_strerror(object, status))
            throw AudioDeviceError(output: "alsa", message: "audio_object_write() failed: \(reason).")
        }
        written += samples.count / channels
    }

    func discardUnplayed() {
        _ = audio_object_flush(object)
        written -= unplayedFrames()
    }

    func close() {
        audio_object_close(object)
        audio_object_destroy(object)
    }

    /// False when ALSA certainly has nowhere to play: no kernel sound card and no configuration
    /// that could route elsewhere (an asound.conf may send "default" to PulseAudio or PipeWire).
    static func alsaMayHaveDevice() -> Bool {
        let files = FileManager.default
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        if files.fileExists(atPath: "/etc/asound.conf") || files.fileExists(atPath: home + "/.asoundrc") {
            return true
        }
        guard let cards = try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8) else { return false }
        return !cards.contains("no soundcards")
    }
}
