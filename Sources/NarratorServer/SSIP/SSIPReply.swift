/// One SSIP reply or event: a three-digit code, data lines (`ccc-line`) and a last line
/// (`ccc message`), each ended by CR LF. 1xx and 2xx are successes, 3xx the server's errors, 4xx and
/// 5xx the client's, 7xx asynchronous events (docs/SSIP.md).
struct SSIPReply: Sendable, Equatable, Error {
    var code: Int
    var lines: [String]
    var message: String

    init(_ code: Int, _ message: String, lines: [String] = []) {
        self.code = code
        self.message = message
        self.lines = lines
    }

    var isSuccess: Bool { code < 300 }

    /// The reply as it goes on the wire. A data line never holds a line break (one would end it).
    var text: String {
        var text = ""
        for line in lines {
            text += "\(code)-" + line.replacing("\r", with: " ").replacing("\n", with: " ") + "\r\n"
        }
        return text + "\(code) \(message)\r\n"
    }

    // The replies and errors of SSIP's own numbering (doc/ssip.texi and the clients that read it).
    static let receivingData = SSIPReply(230, "OK RECEIVING DATA")
    static let bye = SSIPReply(231, "HAPPY HACKING")
    static let invalidCommand = SSIPReply(500, "ERR INVALID COMMAND")
    static let invalidEncoding = SSIPReply(501, "ERR INVALID ENCODING")
    static let missingParameter = SSIPReply(510, "ERR MISSING PARAMETER")
    static let notANumber = SSIPReply(511, "ERR PARAMETER NOT A NUMBER")
    static let notOnOff = SSIPReply(513, "ERR PARAMETER NOT ON OR OFF")
    static let invalidParameter = SSIPReply(514, "ERR PARAMETER INVALID")
    static let notAllowedInBlock = SSIPReply(332, "ERR NOT ALLOWED INSIDE BLOCK")
    static let notImplemented = SSIPReply(380, "ERR NOT YET IMPLEMENTED")

    static func queued(_ id: String) -> SSIPReply { SSIPReply(225, "OK MESSAGE QUEUED", lines: [id]) }
}
