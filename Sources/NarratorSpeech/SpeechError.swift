import NarratorLocalization

/// Everything that can go wrong in speech, each with a message a person can act on.
public enum SpeechError: Error, Sendable, Hashable, CustomStringConvertible {
    /// espeak-ng could not initialize: the data folder it looked in and its own message.
    case initializationFailed(dataPath: String, message: String)
    /// The data folder given (`--espeak-data`) cannot be used, and why; espeak-ng was not started.
    case dataFolderUnusable(path: String, reason: String)
    /// A C call returned an error status.
    case espeakCall(function: String, code: Int32)
    /// A locale that is not a language tag (`LanguageTag.Invalid` says what one looks like).
    case invalidLocale(String)
    /// A voice name (`pl+f3`) whose voice is not installed.
    case unknownVoice(String)
    /// A voice name whose variant (after the `+`) is not installed.
    case unknownVariant(String, variant: String)
    case noVoices
    /// Text or settings a speech system would refuse (the seam's own checks).
    case invalidRequest(SpeechRequestError)
    case engineShutDown
    /// The audio output failed before the utterance was heard to its end.
    case audioOutputFailed(String)
    /// The synthesis child crashed, hung or could not start (`SpeechEngine.isolated`); the reason
    /// says how. The next utterance gets a new child.
    case synthesizerFailed(String)

    public var description: String {
        switch self {
        case .initializationFailed(let path, let message):
            return
                "espeak-ng could not initialize with its data folder \(path): \(message) "
                + "Install the voices with `sudo apt-get install espeak-ng-data`, "
                + "or point ESPEAK_DATA_PATH at the folder that holds espeak-ng-data."
        case .dataFolderUnusable(let path, let reason):
            return
                "The espeak-ng data folder \(path) cannot be used: \(reason). Give --espeak-data a folder "
                + "that holds espeak-ng-data or is one (the espeak-ng-data package installs it), or leave the "
                + "option out to use espeak-ng's own."
        case .espeakCall(let function, let code):
            return "\(function) failed with espeak-ng status \(code)."
        case .invalidLocale(let text):
            return LanguageTag.Invalid(text).description
        case .unknownVoice(let name):
            return
                "espeak-ng has no voice \"\(name)\"; use a voice's file, name or language as `narrator voices` "
                + "lists them, optionally with a variant: pl, en-gb, pl+f3."
        case .unknownVariant(let name, let variant):
            let within = name == variant ? "" : " (in \"\(name)\")"
            return
                "espeak-ng has no variant \"\(variant)\"\(within); `narrator voices --variants` lists them "
                + "(f1 to f5 are female, m1 to m7 male)."
        case .noVoices:
            return "espeak-ng lists no voices; reinstall espeak-ng-data."
        case .invalidRequest(let error):
            return error.description
        case .engineShutDown:
            return "The speech engine has shut down."
        case .audioOutputFailed(let reason):
            return "The utterance was not heard to its end: \(reason)"
        case .synthesizerFailed(let reason):
            return "The speech synthesizer failed: \(reason)."
        }
    }
}
