public import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Where sound goes, as given on the command line: `auto`, `pulse`, `alsa`, `wav:PATH`,
/// `realtime-wav:PATH` or `null`, in stereo; any of them after `mono:` in mono (every sound mixed
/// unplaced, docs/AUDIO.md).
public indirect enum AudioOutput: Sendable, Hashable, CustomStringConvertible {
    /// A sound server or card, through the backend given.
    case device(Backend)
    /// A WAV file, written as fast as the mixer mixes.
    case wav(path: String)
    /// A WAV file written at the pace a player hears: silence where nothing played, cut speech cut.
    case realTimeWAV(path: String)
    case null
    /// The same output in one channel: what a mono speaker or a mono file should get.
    case mono(AudioOutput)

    /// Which system to play through.
    public enum Backend: String, Sendable, CaseIterable {
        /// PulseAudio (or PipeWire's pulse server) when one answers, else ALSA.
        case auto
        case pulse
        case alsa
    }

    public static let help =
        "auto | pulse | alsa | wav:PATH | realtime-wav:PATH | null, each stereo (pulse: mono on a mono sink); mono:OUTPUT for one channel"

    /// Parses the command-line form; nil for anything else.
    public init?(argument: String) {
        if argument.hasPrefix("mono:") {
            guard let inner = AudioOutput(argument: String(argument.dropFirst(5))), inner.channels == 2 else {
                return nil
            }
            self = .mono(inner)
        } else if let kind = ["wav:", "realtime-wav:"].first(where: argument.hasPrefix) {
            let path = String(argument.dropFirst(kind.count))
            guard !path.isEmpty else { return nil }
            self = kind == "wav:" ? .wav(path: path) : .realTimeWAV(path: path)
        } else if argument == "null" {
            self = .null
        } else if let backend = Backend(rawValue: argument) {
            self = .device(backend)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .device(let backend): return backend.rawValue
        case .wav(let path): return "wav:\(path)"
        case .realTimeWAV(let path): return "realtime-wav:\(path)"
        case .null: return "null"
        case .mono(let inner): return "mono:\(inner)"
        }
    }

    /// Samples per frame the output is written in: 2 (left, right), 1 with `mono:`.
    public var channels: Int {
        if case .mono = self { return 1 }
        return 2
    }

    /// What PulseAudio holds for us at most (80 ms), and what it needs before it starts playing: one
    /// 10 ms slice. With a prebuffer of a frame or two, the server starts a stream that ran dry
    /// before the first slice is all in, and the first ~1.6 ms of a sound were lost (measured on the
    /// monitor). A last part shorter than the prebuffer is pushed out by the silence the mixer
    /// writes at the end of every burst (`Mixer.finishBurst`).
    static func pulseBuffer(sampleRate: Int) -> (frames: Int, start: Int) {
        (sampleRate * 80 / 1000, sampleRate / 100)
    }

    /// How the mixer opens this output. A WAV file is created here, so a path that cannot be
    /// written is an error at once; a device is only tried when the mixer first needs it.
    ///
    /// `pulseServer` names a PulseAudio server instead of PULSE_SERVER's (tests run several private
    /// servers in one process).
    public func opener(sampleRate: Int, pulseServer: String? = nil) throws(AudioDeviceError) -> AudioDeviceOpener {
        try opener(sampleRate: sampleRate, channels: channels, name: description, pulseServer: pulseServer)
    }

    private func opener(
        sampleRate: Int, channels: Int, name: String, pulseServer: String?
    ) throws(AudioDeviceError) -> AudioDeviceOpener {
        switch self {
        case .mono(let inner):
            return try inner.opener(sampleRate: sampleRate, channels: 1, name: name, pulseServer: pulseServer)
        case .null:
            return AudioDeviceOpener(name: name, isRealTime: false, channels: channels) { NullDevice() }
        case .wav(let path):
            let file = try WAVFile(path: path, sampleRate: sampleRate, channels: channels)
            return AudioDeviceOpener(name: name, isRealTime: false, channels: channels) { WAVDevice(file: file) }
        case .realTimeWAV(let path):
            let file = try WAVFile(path: path, sampleRate: sampleRate, channels: channels)
            let started = ContinuousClock.now
            return AudioDeviceOpener(name: name, isRealTime: true, channels: channels) {
                RealTimeWAVDevice(file: file, started: started)
            }
        case .device(let backend):
            let buffer = Self.pulseBuffer(sampleRate: sampleRate)
            let server = backend == .alsa ? nil : pulseServer ?? getenv("PULSE_SERVER").map { String(cString: $0) }
            return AudioDeviceOpener(name: name, isRealTime: true, channels: channels, server: server) {
                () throws(AudioDeviceError) in
                switch backend {
                case .pulse:
                    return try PulseDevice(
                        sampleRate: sampleRate, channels: channels, bufferFrames: buffer.frames,
                        startFrames: buffer.start, server: pulseServer)
                case .alsa:
                    return try PCAudioDevice(sampleRate: sampleRate, channels: channels)
                case .auto:
                    do throws(AudioDeviceError) {
                        return try PulseDevice(
                            sampleRate: sampleRate, channels: channels, bufferFrames: buffer.frames,
                            startFrames: buffer.start, server: pulseServer)
                    } catch let pulse {
                        do throws(AudioDeviceError) {
                            return try PCAudioDevice(sampleRate: sampleRate, channels: channels)
                        } catch {
                            throw AudioDeviceError(output: "auto", message: "\(pulse.message) \(error.message)")
                        }
                    }
                }
            }
        }
    }
}

/// Discards audio: `--output null`.
final class NullDevice: AudioDevice {
    func unplayedFrames() -> Int { 0 }
    func write(_ samples: UnsafeBufferPointer<Int16>) {}
    func discardUnplayed() {}
    func close() {}
}

extension Mixer {
    /// A mixer that plays to nothing, for benchmarks and tests of what is around the sound.
    public static func null(sampleRate: Int, logger: Logger = Logger(label: "narrator.audio")) -> Mixer {
        Mixer(
            opener: AudioDeviceOpener(name: "null", isRealTime: false) { NullDevice() }, sampleRate: sampleRate,
            logger: logger)
    }
}
