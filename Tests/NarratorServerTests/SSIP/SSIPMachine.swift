import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

/// SSIP sessions over the pure conductor (`MachineHarness`): commands in, the conductor's actions
/// out, rendered short. Each notification goes to its session as the connection would hand it, so
/// `events` holds the 7xx events each client got, and `heard` what the speech system was told.
struct SSIPMachine {
    /// The conductor, in a box a session's `Ask` can reach while the machine is changed (a session's
    /// requests run the conductor while the session itself is being changed).
    private final class Box {
        var machine = MachineHarness()
        var caused: [ConductorAction] = []
    }

    private let box = Box()
    var machine: MachineHarness {
        get { box.machine }
        nonmutating _modify { yield &box.machine }
    }
    var sessions: [UInt64: SSIPSession] = [:]
    /// Each client's events: `BEGIN #1`, `END #1`, `CANCELED #2`...
    var events: [UInt64: [String]] = [:]
    /// `speak #1 "One."`, `stop #1`, in order.
    var heard: [String] = []

    /// The wall clock every session reads: 2023-11-14 22:13:20 UTC, when the daemon's clock reads 0.
    static let wallClock = 1_700_000_000.0

    /// A connected SSIP client with every event on, named `user:NAME:main` when a name is given
    /// (`orca` is the player's screen reader: `screen_reader`'s built-in value).
    mutating func connect(_ id: UInt64, name: String) {
        connect(id)
        #expect(send(id, "SET SELF CLIENT_NAME user:\(name):main").code == 208)
    }

    /// A game on the narrator's own protocol: connected and named, with no session of SSIP's.
    mutating func connectGame(_ id: UInt64, name: String = "RetroRacing") {
        deliver(machine.run(.connected(ClientID(rawValue: id))))
        deliver(machine.run(.request(ClientID(rawValue: id), .hello(client: name, locale: nil, profile: nil))))
    }

    /// A game's `say` of plain text; what it caused is delivered. Returns the announcement's id.
    @discardableResult
    mutating func gameSays(_ id: UInt64, _ text: String, _ priority: Priority, resume: Bool = false) -> String {
        let say = Request.Say(.text(text), priority: priority, resume: resume)
        let actions = machine.run(.request(ClientID(rawValue: id), .say(say)))
        deliver(Array(actions.dropFirst()))
        guard case .reply(_, .announcement(let announcement))? = actions.first else { return "?" }
        return announcement.id
    }

    /// A connected SSIP client with every event on.
    mutating func connect(_ id: UInt64) {
        let client = ClientID(rawValue: id)
        deliver(machine.run(.connected(client)))
        var session = SSIPSession(
            client: client, voices: [SSIPVoice(name: "Polish", language: "pl")], clock: { Self.wallClock })
        session.open(ask: ask(client))
        sessions[id] = session
        deliver(caused())
        #expect(send(id, "SET SELF NOTIFICATION ALL on").code == 220)
    }

    /// One command line (and the text of a `SPEAK`); its reply. What it caused is delivered after.
    @discardableResult
    mutating func send(_ id: UInt64, _ line: String, data: String? = nil) -> SSIPReply {
        guard var session = sessions[id] else { return SSIPReply(0, "no session") }
        let ask = ask(ClientID(rawValue: id))
        var reply: SSIPReply
        switch SSIPCommand.parse(line) {
        case .success(let command):
            let next: SSIPSession.Next
            (reply, next) = session.handle(command, ask: ask)
            if next == .data, let data { reply = session.speak(data, ask: ask) }
        case .failure(let error):
            reply = error
        }
        sessions[id] = session
        deliver(caused())
        return reply
    }

    /// What a session reaches of the conductor, as the shell's `Desk` gives it: what each request
    /// caused beyond its reply is kept, and delivered after the command's reply (`delivered`).
    private func ask(_ client: ClientID) -> SSIPSession.Ask {
        SSIPSession.Ask(
            request: { [box] request in
                let actions = box.machine.run(.request(client, request))
                box.caused += actions.dropFirst()
                guard case .reply(_, let reply)? = actions.first else { return .done }
                return reply
            },
            speech: { [box] in box.machine.conductor.speech(of: client) })
    }

    /// What the requests of the last command caused, taken.
    private func caused() -> [ConductorAction] {
        defer { box.caused = [] }
        return box.caused
    }

    /// `SET SELF PRIORITY`, then `SPEAK` of `text`; the message id.
    @discardableResult
    mutating func speak(_ id: UInt64, _ priority: SSIPPriority, _ text: String) -> String {
        #expect(send(id, "SET SELF PRIORITY \(priority.rawValue)").code == 202)
        let reply = send(id, "SPEAK", data: text)
        #expect(reply.code == 225, "\(reply.text)")
        return reply.lines.first ?? "?"
    }

    /// The speech system's event.
    mutating func speech(_ event: SpeakerEvent) {
        deliver(machine.run(.speech(event)))
    }

    /// The conductor's wake-up, if it is due.
    mutating func tick() {
        guard let deadline = machine.conductor.armedDeadline, deadline <= machine.now else { return }
        deliver(machine.run(.timer(deadline)))
    }

    /// Starts what was asked to speak and ends what was asked to stop, as a speech system would.
    mutating func startAndStop() {
        let actions = heard
        heard = []
        for line in actions {
            let id = UInt64(line.split(separator: " ")[1].dropFirst()) ?? 0
            if line.hasPrefix("speak") { speech(.started(AnnouncementID(rawValue: id))) }
            if line.hasPrefix("stop") { speech(.stopped(AnnouncementID(rawValue: id), resumePosition: 0)) }
        }
    }

    private mutating func deliver(_ actions: [ConductorAction]) {
        for action in actions {
            switch action {
            case .notify(let clients, let notification):
                for client in clients {
                    guard let event = sessions[client.rawValue]?.event(for: notification) else { continue }
                    events[client.rawValue, default: []].append("\(event.message) #\(event.lines[0])")
                }
            case .speak, .stop:
                heard.append(MachineTrace.line(action))
            default:
                break
            }
        }
    }
}
