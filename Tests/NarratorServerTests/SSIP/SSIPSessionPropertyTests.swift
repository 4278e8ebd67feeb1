import NarratorTestSupport
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

/// Random SSIP conversations of two clients over the pure conductor, with a speech system that
/// starts, finishes and stops what it is asked to at random moments. After every step: each message
/// had its events in SSIP's order (BEGIN, then PAUSE and RESUME in turn, then one END or CANCELED,
/// nothing after), every command got one reply, every message the ledger holds open for a client is
/// one its session knows, and `RESUME self` succeeds exactly when the scheduler has the client paused.
@Suite struct SSIPSessionPropertyTests {
    static let commands = [
        "STOP self", "CANCEL self", "CANCEL all", "PAUSE self", "RESUME self", "PAUSE all", "RESUME all",
        "STOP all", "STOP 1", "STOP 2", "CANCEL 1", "CANCEL 2", "PAUSE 1", "PAUSE 2", "RESUME 1", "RESUME 2", "STOP 3",
        "BLOCK BEGIN", "BLOCK END", "CHAR a", "KEY shift_a", "SET SELF RATE 20", "GET RATE", "LIST VOICES",
        "HISTORY GET LAST", "SOUND_ICON beep", "SET SELF NOTIFICATION BEGIN off", "SET SELF NOTIFICATION ALL on",
    ]

    @Test(arguments: 1...40)
    func eventsKeepSSIPsOrderAndSessionsReadTheLedger(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var m = SSIPMachine()
        m.connect(1)
        m.connect(2)
        var playing: Set<UInt64> = []
        for step in 0..<200 {
            let client = UInt64.random(in: 1...2, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let priority = SSIPPriority.allCases.randomElement(using: &random)!
                _ = m.send(client, "SET SELF PRIORITY \(priority.rawValue)")
                let reply = m.send(client, "SPEAK", data: "Step \(step).")
                #expect(reply.code == 225 || reply.code == 332 || reply.code == 400, "\(reply.text)")
            case 4..<6:
                let command = Self.commands.randomElement(using: &random)!
                let paused = m.machine.conductor.speech(of: ClientID(rawValue: client)).paused
                let reply = m.send(client, command)
                #expect(reply.code >= 200 && reply.code < 600, "\(reply.text)")
                if command == "RESUME self", reply != .notAllowedInBlock {
                    // Paused by itself or by the other naming it, and not resumed by anyone since.
                    #expect((reply.code == 212) == paused, "seed \(seed) step \(step): \(reply.text)")
                }
            case 6..<8:
                for line in m.heard {
                    let id = UInt64(line.split(separator: " ")[1].dropFirst()) ?? 0
                    if line.hasPrefix("speak") { playing.insert(id) }
                    if line.hasPrefix("stop") { playing.remove(id) }
                }
                m.startAndStop()
            case 8:
                if let id = playing.randomElement(using: &random) {
                    playing.remove(id)
                    m.speech(.finished(AnnouncementID(rawValue: id)))
                }
            default:
                m.machine.milliseconds += Int.random(in: 0...400, using: &random)
                m.tick()
            }
            check(m, seed: seed, step: step)
        }
    }

    private func check(_ m: SSIPMachine, seed: UInt64, step: Int) {
        for client: UInt64 in [1, 2] {
            var byMessage: [String: [String]] = [:]
            for event in m.events[client] ?? [] {
                let parts = event.split(separator: " #")
                byMessage[String(parts[1]), default: []].append(String(parts[0]))
            }
            for (id, events) in byMessage {
                #expect(Self.inOrder(events), "seed \(seed) step \(step): message \(id) had \(events)")
            }
            // Every message the ledger holds open has what SSIP defines of it, so its events are told.
            let open = m.machine.conductor.speech(of: ClientID(rawValue: client)).open.keys
            for id in open {
                #expect(
                    m.sessions[client]?.messages[String(id.rawValue)] != nil,
                    "seed \(seed) step \(step), client \(client), message \(id)")
            }
        }
    }

    /// BEGIN (PAUSE RESUME)* then END or CANCELED, or CANCELED alone; a message that asked for
    /// fewer events has fewer, in the same order.
    static func inOrder(_ events: [String]) -> Bool {
        var phase = 0  // 0 not begun, 1 heard, 2 paused, 3 ended
        for event in events {
            switch (event, phase) {
            case ("BEGIN", 0): phase = 1
            case ("PAUSED", 0), ("PAUSED", 1): phase = 2
            case ("RESUMED", 2), ("RESUMED", 0): phase = 1
            case ("END", 0), ("END", 1), ("CANCELED", 0), ("CANCELED", 1), ("CANCELED", 2): phase = 3
            default: return false
            }
        }
        return true
    }
}
