import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

extension SSIPPriorityRule {
    /// The rows of docs/SSIP.md's table of the screen reader beside games, in order.
    static let screenReader: [SSIPPriorityRule] = [
        SSIPPriorityRule(
            id: "R1",
            rule:
                "the screen reader's message cuts a game's default speech at once; what was said with resume comes back after it"
        ) {
            var m = SSIPMachine()
            m.connectGame(1)
            m.connect(2, name: "orca")
            m.gameSays(1, "First, steer with the arrows. Then brake.", .default, resume: true)
            m.startAndStop()
            m.speech(.sentence(1, position: 30))
            m.speak(2, .message, "Play, button.")
            #expect(m.heard == ["stop #1"])
            m.startAndStop()
            #expect(m.heard == ["speak #2 \"Play, button.\""])
            m.startAndStop()
            m.speech(.finished(2))
            #expect(m.heard == ["speak #1 \"First, steer with the arrows. Then brake.\""])
            m.startAndStop()
            #expect(m.machine.conductor.ledger.records[1]?.outcome == .resumed(position: 30))
            #expect(m.events[2] == ["BEGIN #2", "END #2"])
        },
        SSIPPriorityRule(
            id: "R2",
            rule:
                "the screen reader's text cuts a game's low speech too; said without resume, the game's ends interrupted"
        ) {
            var m = SSIPMachine()
            m.connectGame(1)
            m.connect(2, name: "Orca")
            m.gameSays(1, "Score 120.", .low)
            m.startAndStop()
            m.speak(2, .text, "Volume, slider, 40 percent.")
            #expect(m.heard == ["stop #1"])
            m.startAndStop()
            #expect(m.heard == ["speak #2 \"Volume, slider, 40 percent.\""])
            #expect(m.machine.conductor.ledger.records[1]?.outcome == .interrupted(by: 2))
        },
        SSIPPriorityRule(
            id: "R3", rule: "the screen reader's messages do not cut each other: they are said in the order they came"
        ) {
            var m = SSIPMachine()
            m.connect(2, name: "orca")
            m.speak(2, .message, "Settings.")
            m.startAndStop()
            m.speak(2, .message, "Sound, check box, checked.")
            #expect(m.heard.isEmpty)
            m.speech(.finished(1))
            #expect(m.heard == ["speak #2 \"Sound, check box, checked.\""])
        },
        SSIPPriorityRule(
            id: "R4", rule: "a game's high is never cut by the screen reader: its message waits and is said right after"
        ) {
            var m = SSIPMachine()
            m.connectGame(1)
            m.connect(2, name: "orca")
            m.gameSays(1, "Crash! 2 lives left.", .high)
            m.startAndStop()
            m.gameSays(1, "Lap 3.", .default)
            m.speak(2, .message, "Pause, button.")
            #expect(m.heard.isEmpty)
            m.speech(.finished(1))
            #expect(m.heard == ["speak #3 \"Pause, button.\""])
        },
        SSIPPriorityRule(
            id: "R5",
            rule: "a game's high that comes while the screen reader speaks is said right after the message heard"
        ) {
            var m = SSIPMachine()
            m.connectGame(1)
            m.connect(2, name: "orca")
            m.gameSays(1, "Tutorial, part one.", .default, resume: true)
            m.speak(2, .message, "Help, menu.")
            m.startAndStop()
            #expect(m.heard == ["speak #2 \"Help, menu.\""])
            m.startAndStop()
            m.gameSays(1, "Speed up!", .high)
            #expect(m.heard.isEmpty)
            m.speech(.finished(2))
            #expect(m.heard == ["speak #3 \"Speed up!\""])
            m.startAndStop()
            m.speech(.finished(3))
            #expect(m.heard == ["speak #1 \"Tutorial, part one.\""])
        },
        SSIPPriorityRule(
            id: "R6", rule: "the screen reader's CANCEL silences only its own speech; the game's speech it cut resumes"
        ) {
            var m = SSIPMachine()
            m.connectGame(1)
            m.connect(2, name: "orca")
            m.gameSays(1, "Tutorial, part one.", .default, resume: true)
            m.startAndStop()
            m.speak(2, .message, "Left.")
            m.startAndStop()
            m.startAndStop()
            m.speak(2, .message, "Right.")
            #expect(m.send(2, "CANCEL self").code == 213)
            #expect(m.heard == ["stop #2"])
            m.startAndStop()
            #expect(m.heard == ["speak #1 \"Tutorial, part one.\""])
            #expect(m.events[2] == ["BEGIN #2", "CANCELED #3", "CANCELED #2"])
        },
        SSIPPriorityRule(
            id: "R7",
            rule:
                "the screen reader is known by its CLIENT_NAME's application, as screen_reader names it; other SSIP clients' message waits behind a game"
        ) {
            var m = SSIPMachine()
            m.connectGame(1)
            m.connect(2, name: "orca")
            m.connect(3, name: "spd-say")
            let status = m.machine.conductor.status(for: m.machine.conductor.sessions[ClientID(rawValue: 1)]!)
            #expect(status.connected.map(\.screenReader) == [false, true, false])
            m.gameSays(1, "Lap 2.", .default)
            m.startAndStop()
            m.speak(3, .message, "Mail from Anna.")
            #expect(m.heard.isEmpty)
        },
        SSIPPriorityRule(
            id: "R8",
            rule: "the screen reader's notification and progress are any SSIP client's: low, with their policies"
        ) {
            var m = SSIPMachine()
            m.connectGame(1)
            m.connect(2, name: "orca")
            m.gameSays(1, "Lap 2.", .default)
            m.startAndStop()
            m.speak(2, .notification, "Battery low.")
            m.speak(2, .progress, "Loading.")
            #expect(m.heard.isEmpty)
        },
    ]
}
