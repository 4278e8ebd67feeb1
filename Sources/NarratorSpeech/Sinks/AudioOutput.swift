public import Logging

/// Where speech goes, as given on the command line: `auto`, `pulse`, `alsa`, `wav:PATH` or `null`.
public enum AudioOutput: Sendable, Hashable, CustomStringConvertible {
    case device(PCAudioSink.Backend)
    case wav(path: String)
    case null

    public static let help = "auto | pulse | alsa | wav:PATH | null"

    /// Parses the command-line form; nil for anything else.
    public init?(argument: String) {
        if argument.hasPrefix("wav:") {
            let path = String(argument.dropFirst(4))
            guard !path.isEmpty else { return nil }
            self = .wav(path: path)
        } else if argument == "null" {
            self = .null
        } else if let backend = PCAudioSink.Backend(rawValue: argument) {
            self = .device(backend)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .device(let backend): return backend.rawValue
        case .wav(let path): return "wav:\(path)"
        case .null: return "null"
        }
    }

    /// Opens the sink. A device that cannot be opened is not fatal: the reason is logged as one
    /// line and speech goes to the null sink, so the program keeps running without sound.
    /// A WAV file that cannot be created is an error: the user asked for that file.
    public func open(sampleRate: Int, logger: Logger) throws(AudioSinkError) -> any AudioSink {
        switch self {
        case .null:
            return NullSink()
        case .wav(let path):
            return try WAVFileSink(path: path, sampleRate: sampleRate)
        case .device(let backend):
            do {
                return try PCAudioSink(backend: backend, sampleRate: sampleRate, logger: logger)
            } catch {
                logger.error("No sound: \(error.message) Speech goes to no device (null output).")
                return NullSink()
            }
        }
    }
}
