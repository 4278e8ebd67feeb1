import NarratorLocalization
public import NarratorWire

/// Why a sound could not be rendered. Like `EventError`, each case has a stable machine `code`
/// and a `message` a game developer can act on; the daemon puts both in its error reply.
public enum SoundError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The book has no sound of this name.
    case unknownSound(String)
    /// A `when` argument the sound reads is absent.
    case missingArgument(sound: String, argument: String)
    /// A `when` argument is not `true` or `false`; `value` describes what it was.
    case invalidArgument(sound: String, argument: String, value: String)
    /// A field that places a part of the sound (`pan` with a `field`) gives no place; `value`
    /// describes what it was, `expected` what it must be.
    case invalidPlace(sound: String, argument: String, value: String, expected: String)
    /// The render rate is outside what the renderer supports.
    case unsupportedSampleRate(Int)
    /// A tone of the sound is at or above half the render rate, so it cannot be rendered at it.
    case aboveNyquist(sound: String, hertz: Double, sampleRate: Int)

    /// `unknown_sound`, `missing_field`, `invalid_field` or `sample_rate`.
    public var code: ProtocolError.Code {
        switch self {
        case .unknownSound: .unknownSound
        case .missingArgument: .missingField
        case .invalidArgument: .invalidField
        case .invalidPlace: .invalidField
        case .unsupportedSampleRate, .aboveNyquist: .sampleRate
        }
    }

    /// One sentence a person can act on.
    public var message: String {
        switch self {
        case .unknownSound(let name):
            "the sound book has no sound \"\(name)\": check the name, or add it to \(ProfileLayout.soundBook) (docs/SOUNDS.md)"
        case .missingArgument(let sound, let argument):
            "the sound \"\(sound)\" needs the field \"\(argument)\" (true or false): add it to the event"
        case .invalidArgument(let sound, let argument, let value):
            "the field \"\(argument)\" of the sound \"\(sound)\" must be true or false, not \(value)"
        case .invalidPlace(let sound, let argument, let value, let expected):
            "the field \"\(argument)\" places the sound \"\(sound)\" and must be \(expected), not \(value)"
        case .unsupportedSampleRate(let rate):
            "sounds render at \(SoundBook.sampleRates.lowerBound) to \(SoundBook.sampleRates.upperBound) Hz, "
                + "not \(rate) Hz"
        case .aboveNyquist(let sound, let hertz, let rate):
            "the sound \"\(sound)\" has a tone of \(hertz) Hz, which \(rate) Hz audio cannot carry (the limit is "
                + "half the rate): lower the tone or render at a higher rate"
        }
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
