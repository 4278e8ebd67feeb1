import ArgumentParser
import NarratorClient

/// Requests from the commands that ask the daemon once and print the answer (`stop`, `status`,
/// `history`, ...): each on a connection of its own, named so `status` can say who paused.
enum DaemonQuery {
    /// How long a reply may take: the daemon answers at once, so only a stuck one is this slow.
    static let replyTimeout = Duration.seconds(10)

    /// One reply: the line as the daemon wrote it, and as the protocol reads it.
    struct Answer {
        let line: String
        let reply: Reply
    }

    /// Sends `hello` with `name`, then `requests`, and returns their replies. An error reply is
    /// printed to standard error and ends the command with status 1.
    static func ask(_ requests: [Request], socket: String, as name: String) throws -> [Answer] {
        let client = try LineClient(path: socket)
        client.setReadTimeout(replyTimeout)
        var answers: [Answer] = []
        for request in [Request.hello(client: name, locale: nil, profile: nil)] + requests {
            try client.send(request.line)
            let answer = try reply(from: client)
            if case .error(let error) = answer.reply {
                StandardStreams.printError("narrator: \(request.typeName) failed: \(error.message) (\(error.code))")
                throw ExitCode(1)
            }
            answers.append(answer)
        }
        client.finishSending()
        return Array(answers.dropFirst())
    }

    /// The next reply on `client` (a notification before it is passed over).
    private static func reply(from client: LineClient) throws -> Answer {
        while true {
            guard let line = try client.readLine() else {
                StandardStreams.printError("narrator: the narrator closed the connection")
                throw ExitCode(1)
            }
            do {
                if let reply = try DaemonLine.parse(line).reply { return Answer(line: line, reply: reply) }
            } catch {
                StandardStreams.printError("narrator: cannot read the narrator's reply (\(error)): \(line)")
                throw ExitCode(1)
            }
        }
    }
}
