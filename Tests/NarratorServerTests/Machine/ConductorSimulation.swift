import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

/// The conductor over random inputs, with a speech system that answers as a real one may (in any
/// legal order), and a record of every violation of the invariants docs/SERVER.md lists.
struct ConductorSimulation {
    var machine = MachineHarness()
    /// Client 0 hears every outcome and never leaves: the notifications are the outcomes' record.
    let watcher = ClientID(rawValue: 0)
    var connected: Set<UInt64> = []
    /// What the speech system holds: the announcement it was asked to speak, whether it said
    /// `started`, and whether a stop was asked for.
    var speaking: (id: AnnouncementID, started: Bool, stopAsked: Bool)?
    /// The wake-up the conductor asked for.
    var armed: ContinuousClock.Instant?
    /// Every announcement admitted, and the outcomes notified for each, in order.
    var admitted: [AnnouncementID] = []
    var outcomes: [AnnouncementID: [Outcome]] = [:]
    var violations: [String] = []

    init() {
        _ = machine.connect(0, subscribe: .all)
    }

    /// One random step per code; then everything is let finish, and the end is checked.
    mutating func run(_ codes: [UInt32]) {
        for code in codes { step(code) }
        drain()
    }

    mutating func step(_ code: UInt32) {
        let client = ClientID(rawValue: UInt64(1 + (code >> 4) % 3))
        let bits = code >> 8
        switch code % 16 {
        case 0...3:
            guard connected.contains(client.rawValue) else { return connect(client) }
            let priorities: [Priority] = [.low, .default, .high]
            let say = Request.Say(
                .text(bits % 9 == 0 ? " " : "Text \(bits % 1000)."), priority: priorities[Int(bits % 3)],
                supersedes: bits % 5 == 0 ? "key" : nil, expiresMilliseconds: bits % 7 == 0 ? Int(bits % 900) : nil,
                resume: bits % 2 == 0, scope: bits % 4 == 0 ? "help" : nil, block: bits % 8 == 0)
            input(.request(client, .say(say)))
        case 4:
            // Of its own, of all, of another client by number (4 is never connected), only what is heard,
            // or one announcement by id (of anyone, open or ended, or never given).
            let other = bits % 5 == 1 ? ClientID(rawValue: UInt64(1 + (bits >> 4) % 4)) : nil
            let speaking = bits % 7 == 3
            let id = !speaking && bits % 11 < 4 ? AnnouncementID(rawValue: UInt64(1 + (bits >> 6) % 40)) : nil
            let cancel = Request.cancel(
                scope: !speaking && id == nil && bits % 2 == 0 ? "help" : nil,
                allClients: other == nil && bits % 3 == 0, speaking: speaking, client: other, id: id)
            input(.request(client, cancel))
        case 5, 6:
            let other = bits % 5 == 1 ? ClientID(rawValue: UInt64(1 + (bits >> 4) % 4)) : nil
            let allClients = other == nil && bits % 4 == 0
            let request =
                code % 16 == 5
                ? Request.pause(allClients: allClients, client: other) : .resume(allClients: allClients, client: other)
            input(.request(client, request))
        case 7:
            if connected.contains(client.rawValue) {
                connected.remove(client.rawValue)
                input(.disconnected(client))
            } else {
                connect(client)
            }
        case 8...10: answerSpeech(bits)
        case 11:
            machine.milliseconds += Int(bits % 700)
            if let armed, armed <= machine.now {
                // A wake-up that fires is used up, as the shell's event-loop task is.
                self.armed = nil
                input(.timer(armed))
            }
        case 12:
            var status = OutputStatus(output: "fake", since: machine.now)
            if bits % 2 == 0 { status.condition = .lost("gone") }
            input(.output(status))
        case 13:
            let reload = Reload(
                config: nil,
                profiles: [
                    (
                        name: "retroracing",
                        result: bits % 2 == 0
                            ? .success(MachineHarness.profile) : .failure(.init(path: "events.json", reason: "broken"))
                    )
                ])
            input(.reloaded(reload))
        case 14: input(.request(client, .repeat(allClients: bits % 2 == 0, priority: .default)))
        default:
            guard bits % 3 == 0, connected.contains(client.rawValue) else {
                return input(.request(client, bits % 2 == 0 ? .status : .history(limit: nil, allClients: true)))
            }
            // A burst, as a game streaming its scores: enough of them fill the scheduler's queue.
            for number in 0..<12 { input(.request(client, .say(.init(.text("Burst \(number)."), priority: .low)))) }
        }
    }

    mutating func connect(_ client: ClientID) {
        connected.insert(client.rawValue)
        input(.connected(client))
    }

    /// The speech system answers for what it holds, as a real one may: start, reach a sentence or an
    /// SSML mark, finish, stop on its own or when asked, fail.
    mutating func answerSpeech(_ bits: UInt32) {
        guard let held = speaking else { return }
        let event: SpeakerEvent
        switch (held.started, bits % 6) {
        case (false, 0): event = .failed(held.id, reason: "lost")
        case (false, 1) where held.stopAsked: event = .stopped(held.id, resumePosition: 0)
        case (false, _): event = .started(held.id)
        case (true, 0): event = .failed(held.id, reason: "lost")
        case (true, 1): event = .stopped(held.id, resumePosition: Int(bits % 40))
        case (true, 2): event = .sentence(held.id, position: Int(bits % 40))
        case (true, 3): event = bits % 12 < 6 ? .sentence(held.id, position: Int(bits % 40)) : .mark(held.id, name: "m")
        case (true, _):
            event = held.stopAsked && bits % 2 == 0 ? .stopped(held.id, resumePosition: 5) : .finished(held.id)
        }
        switch event {
        case .started: speaking?.started = true
        case .sentence, .mark: break
        default: speaking = nil
        }
        input(.speech(event))
    }

    /// Hands an input over, plays the actions as the shell would, and checks the invariants.
    mutating func input(_ input: ConductorInput) {
        var inputs = [input]
        while !inputs.isEmpty {
            let next = inputs.removeFirst()
            for action in machine.run(next) {
                if let caused = take(action) { inputs.append(caused) }
            }
            check()
        }
    }

    private mutating func take(_ action: ConductorAction) -> ConductorInput? {
        switch action {
        case .reply(_, .announcement(let reply)):
            admitted.append(AnnouncementID(rawValue: UInt64(reply.id) ?? 0))
        case .notify(let clients, let notification):
            guard clients.contains(watcher), case .outcome(let report) = notification else { break }
            let id = AnnouncementID(rawValue: UInt64(report.id) ?? 0)
            if outcomes[id]?.last?.isTerminal == true { violations.append("\(id): \(report.outcome) after its end") }
            outcomes[id, default: []].append(report.outcome)
        case .speak(let request):
            if let speaking { violations.append("\(request.id) spoken while \(speaking.id) is held") }
            if machine.conductor.ledger.records[request.id]?.phase.hasEnded != false {
                violations.append("\(request.id) spoken, not open in the ledger")
            }
            // Now and then the speech system refuses at once, as the shell then reports.
            if request.id.rawValue % 11 == 0 { return .speakRefused(request.id, reason: "refused") }
            speaking = (request.id, false, false)
        case .stop(let id):
            if speaking?.id == id { speaking?.stopAsked = true }
        case .arm(let deadline):
            armed = deadline
        default: break
        }
        return nil
    }

    /// The invariants that hold after every input.
    private mutating func check() {
        let conductor = machine.conductor
        for (client, open) in conductor.ledger.open
        where open.count > Ledger.clientLimit.count || open.bytes > Ledger.clientLimit.bytes {
            violations.append("\(client) has \(open.count) open, \(open.bytes) bytes")
        }
        let current = conductor.scheduler.currentID.map { _ in 1 } ?? 0
        if conductor.ledger.openCount != conductor.scheduler.queuedCount + current {
            violations.append(
                "the ledger holds \(conductor.ledger.openCount) open, the scheduler \(conductor.scheduler.queuedCount) + \(current)"
            )
        }
        if armed != conductor.scheduler.nextDeadline { violations.append("the wake-up is not the next deadline") }
        // A pause only its client could lift outlives nobody: its speech would wait for a resume
        // that can no longer come.
        for client in conductor.scheduler.pausedClients where conductor.sessions[client] == nil {
            violations.append("\(client) is gone and its pause stays")
        }
        guard let session = conductor.sessions[watcher] else { return }
        let status = conductor.status(for: session)
        if status.speaking.map({ AnnouncementID(rawValue: UInt64($0.id) ?? 0) }) != conductor.scheduler.currentID {
            violations.append("status speaks \(String(describing: status.speaking?.id))")
        }
        let history = conductor.historyEntries(limit: nil, allClients: true, for: session)
        if history.map(\.id) != admitted.suffix(Ledger.historyLimit).map({ String($0.rawValue) }) {
            violations.append("history is not the last admitted")
        }
        for entry in history {
            let id = AnnouncementID(rawValue: UInt64(entry.id) ?? 0)
            if outcomes[id]?.last.map({ $0 != entry.outcome }) == true {
                violations.append("history says \(entry.outcome) of \(id), notified \(outcomes[id] ?? [])")
            }
        }
    }

    /// Lets everything finish: every pause lifted, the speech system answering to the end, time
    /// passing past every deadline. Then nothing may be left open, and every announcement admitted
    /// has ended exactly once.
    mutating func drain() {
        input(.request(watcher, .resume(allClients: true)))
        for client in connected.sorted() { input(.request(ClientID(rawValue: client), .resume(allClients: false))) }
        var rounds = 0
        while speaking != nil || machine.conductor.ledger.openCount > 0, rounds < 10_000 {
            rounds += 1
            if speaking != nil {
                answerSpeech(speaking?.started == true ? 5 : 2)
            } else if let armed {
                machine.milliseconds = max(
                    machine.milliseconds, Int(MachineHarness.start.duration(to: armed) / .milliseconds(1)) + 1)
                self.armed = nil
                input(.timer(armed))
            } else {
                violations.append("\(machine.conductor.ledger.openCount) open, nothing speaking, no wake-up: stuck")
                break
            }
        }
        for id in admitted where outcomes[id]?.filter(\.isTerminal).count != 1 {
            violations.append(
                "\(id) ended \(outcomes[id]?.filter(\.isTerminal).count ?? 0) times: \(outcomes[id] ?? [])")
        }
    }
}
