import CPCAudio
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// An open pcaudiolib output. Calls from the audio thread and `flush` from another thread are
/// safe for PulseAudio (pa_simple locks its main loop); ALSA is used the same way espeak-ng does.
final class AudioDevice: @unchecked Sendable {
    private let object: OpaquePointer

    init(backend: PCAudioSink.Backend, sampleRate: Int) throws(AudioSinkError) {
        // libpulse reads PULSE_LATENCY_MSEC when the stream connects; a value the user set wins.
        setenv("PULSE_LATENCY_MSEC", String(PCAudioSink.pulseLatencyMilliseconds), 0)
        let application = "narrator"
        let description = "Narrator speech"
        // alsa-lib prints its own multi-line complaints when there is no card at all; look first,
        // so the user reads one clear line instead.
        let alsaUsable = Self.alsaMayHaveDevice()
        var created: OpaquePointer?
        switch backend {
        case .auto:
            created = create_pulseaudio_object(nil, application, description)
            if created == nil && alsaUsable { created = create_alsa_object("default", application, description) }
        case .pulse:
            created = create_pulseaudio_object(nil, application, description)
        case .alsa:
            if alsaUsable { created = create_alsa_object("default", application, description) }
        }
        guard let created else {
            throw AudioSinkError(sink: backend.rawValue, message: Self.unavailableMessage(backend))
        }
        let status = audio_object_open(created, AUDIO_OBJECT_FORMAT_S16LE, UInt32(sampleRate), 1)
        if status != 0 {
            let reason = String(cString: audio_object_strerror(created, status))
            audio_object_destroy(created)
            throw AudioSinkError(sink: backend.rawValue, message: "audio_object_open() failed: \(reason).")
        }
        self.object = created
    }

    /// Writes PCM, blocking while the device buffer is full. Returns pcaudiolib's message on failure.
    func write(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        let status = audio_object_write(object, base, bytes.count)
        return status == 0 ? nil : "audio_object_write(): " + String(cString: audio_object_strerror(object, status))
    }

    func drain() { _ = audio_object_drain(object) }

    func flush() { _ = audio_object_flush(object) }

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

    private static func unavailableMessage(_ backend: PCAudioSink.Backend) -> String {
        switch backend {
        case .pulse:
            return "no PulseAudio server answered (is one running, and are XDG_RUNTIME_DIR or PULSE_SERVER set?)."
        case .alsa:
            return "ALSA has no sound card here (no /proc/asound/cards entry and no asound.conf)."
        case .auto:
            return "no PulseAudio server answered and ALSA has no sound card."
        }
    }
}
