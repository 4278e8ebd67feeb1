/// One SSIP command line, parsed: the command's name and arguments are case-insensitive (a key
/// name, a character and a client name keep their case). Pure; the session decides what each does.
enum SSIPCommand: Sendable, Equatable {
    case speak
    case char(String)
    case key(String)
    case soundIcon(String)
    case stop(SSIPTarget)
    case cancel(SSIPTarget)
    case pause(SSIPTarget)
    case resume(SSIPTarget)
    /// `SET target NAME VALUE...`: the name upper-cased, the values as sent.
    case set(SSIPTarget, name: String, values: [String])
    case get(String)
    /// `LIST WHAT [ARGUMENTS]`: what upper-cased.
    case list(String, [String])
    case blockBegin
    case blockEnd
    /// `HISTORY ...`: the words after it, as sent.
    case history([String])
    case help
    case quit

    /// The command of a line, or the SSIP error it gets.
    static func parse(_ line: String) -> Result<SSIPCommand, SSIPReply> {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let name = words.first?.uppercased() else { return .failure(.invalidCommand) }
        let arguments = Array(words.dropFirst())
        func one(_ make: (String) -> SSIPCommand) -> Result<SSIPCommand, SSIPReply> {
            guard let argument = arguments.first else { return .failure(.missingParameter) }
            return arguments.count == 1 ? .success(make(argument)) : .failure(.invalidParameter)
        }
        func target(_ make: (SSIPTarget) -> SSIPCommand) -> Result<SSIPCommand, SSIPReply> {
            guard let argument = arguments.first else { return .failure(.missingParameter) }
            guard arguments.count == 1, let target = SSIPTarget(argument) else { return .failure(.invalidParameter) }
            return .success(make(target))
        }
        switch name {
        case "SPEAK": return arguments.isEmpty ? .success(.speak) : .failure(.invalidParameter)
        case "CHAR":
            // `CHAR space` is a space; any other single character is itself.
            return one { .char($0 == "space" ? " " : $0) }
        case "KEY": return one { .key($0) }
        case "SOUND_ICON": return one { .soundIcon($0) }
        case "STOP": return target { .stop($0) }
        case "CANCEL": return target { .cancel($0) }
        case "PAUSE": return target { .pause($0) }
        case "RESUME": return target { .resume($0) }
        case "SET":
            guard arguments.count >= 3 else { return .failure(.missingParameter) }
            guard let target = SSIPTarget(arguments[0]) else { return .failure(.invalidParameter) }
            return .success(.set(target, name: arguments[1].uppercased(), values: Array(arguments.dropFirst(2))))
        case "GET": return one { .get($0.uppercased()) }
        case "LIST":
            guard let what = arguments.first else { return .failure(.missingParameter) }
            return .success(.list(what.uppercased(), Array(arguments.dropFirst())))
        case "BLOCK":
            switch arguments.map({ $0.uppercased() }) {
            case ["BEGIN"]: return .success(.blockBegin)
            case ["END"]: return .success(.blockEnd)
            case []: return .failure(.missingParameter)
            default: return .failure(.invalidParameter)
            }
        case "HISTORY": return arguments.isEmpty ? .failure(.missingParameter) : .success(.history(arguments))
        case "HELP": return .success(.help)
        case "QUIT": return .success(.quit)
        default: return .failure(.invalidCommand)
        }
    }
}

/// Whose speech or settings a command is about: `self`, `all`, or a client by its number.
enum SSIPTarget: Sendable, Equatable {
    case this
    case all
    case client(UInt64)

    init?(_ word: String) {
        switch word.lowercased() {
        case "self": self = .this
        case "all": self = .all
        default:
            guard let number = UInt64(word), number > 0 else { return nil }
            self = .client(number)
        }
    }
}
