/// Why an earcon was refused.
public enum MixerError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooMany(Int)
    case tooLong(milliseconds: Int)
    case closed
    /// The samples are not whole frames of the mixer's channels.
    case channels(Int)

    public var description: String {
        switch self {
        case .tooMany(let limit): "\(limit) sounds are already playing at once; wait for one to end"
        case .tooLong(let milliseconds):
            milliseconds % 1000 == 0
                ? "a sound may last at most \(milliseconds / 1000) seconds"
                : "a sound may last at most \(milliseconds) ms"
        case .closed: "the audio output is closed"
        case .channels(let count): "a sound must be whole frames of \(count) interleaved channels"
        }
    }
}
