import NarratorSystem
import NarratorWire

extension SSIPSession: DoorSession {
    /// One frame: a command, a `SPEAK` block, or bytes that are not SSIP.
    mutating func answer(_ frame: SSIPFrame, ask: ConductorShell.Desk) -> DoorAnswer {
        let request = Ask(request: { ask(.request($0)) }, speech: ask.speech)
        let reply: SSIPReply
        var next = DoorAnswer.Next.read
        switch frame {
        case .command(let line):
            switch SSIPCommand.parse(line) {
            case .success(let command):
                let (answer, then) = handle(command, ask: request)
                reply = answer
                switch then {
                case .command: break
                case .data: next = .tell(SSIPExpectData())
                case .close: next = .close
                }
            case .failure(let error): reply = error
            }
        case .data(let text): reply = speak(text, ask: request)
        case .malformed(let error): reply = Self.reply(to: error)
        }
        return DoorAnswer(text: reply.text, next: next)
    }

    mutating func open(ask: ConductorShell.Desk) {
        open(ask: Ask(request: { ask(.request($0)) }, speech: ask.speech))
    }

    mutating func word(_ notification: Notification) -> String? {
        event(for: notification)?.text
    }

    /// What a client of another user reads before the connection closes.
    static var refusal: String {
        SSIPReply(401, "ERR NOT ALLOWED: THIS NARRATOR BELONGS TO USER \(ProcessIdentity.userID)").text
    }
}
