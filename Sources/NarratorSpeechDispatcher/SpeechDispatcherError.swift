/// Why speech-dispatcher could not be used, said so a person can act on it.
public enum SpeechDispatcherError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An address that is not `unix_socket:/path`.
    case badAddress(String)
    /// No speech-dispatcher answered; libspeechd's own message says where it looked and whether it
    /// tried to start one.
    case unreachable(String)
    /// speech-dispatcher answered but refused a command (it names what was refused).
    case refused(String)
    /// speech-dispatcher closed the connection (it exited, or was restarted).
    case hungUp

    public var description: String {
        switch self {
        case .badAddress(let address):
            return "\"\(address)\" is not a speech-dispatcher address; use unix_socket:/path/to/speechd.sock."
        case .unreachable(let message):
            return "No speech-dispatcher answered (\(message))."
        case .refused(let what):
            return "speech-dispatcher refused \(what)."
        case .hungUp:
            return "speech-dispatcher closed the connection (it exited or was restarted)."
        }
    }
}
