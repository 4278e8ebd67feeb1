/// The Wine door file's one line (`wine-door` beside the daemon's socket, mode 0600):
/// `narrator-wine 1 PORT SECRET`. The daemon writes it; the Windows DLL, `narrator wine doctor` and
/// the tests read it. A client connects to 127.0.0.1:PORT and sends SECRET as its first line.
/// docs/WINE.md.
public struct WineDoorLine: Sendable, Equatable {
    /// The door's version; a reader refuses another.
    public static let version = 1
    /// The file's name, in the daemon's socket folder.
    public static let fileName = "wine-door"

    public var port: Int
    /// 64 lowercase hexadecimal characters.
    public var secret: String

    public init(port: Int, secret: String) {
        self.port = port
        self.secret = secret
    }

    /// The line, with its line break.
    public var text: String { "narrator-wine \(Self.version) \(port) \(secret)\n" }

    /// The door a file's text describes; nil when it is not a door line of this version.
    public init?(parsing text: String) {
        guard text.hasSuffix("\n") else { return nil }
        let words = text.dropLast().split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 4, words[0] == "narrator-wine", words[1] == "\(Self.version)",
            let port = Int(words[2]), (1...65535).contains(port), words[3].utf8.count == 64,
            words[3].allSatisfy({ $0.isHexDigit && !$0.isUppercase })
        else { return nil }
        self.init(port: port, secret: String(words[3]))
    }
}
