import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

extension SSIPPriorityRule {
    /// Every row of docs/SSIP.md's priority table, in order.
    static let all: [SSIPPriorityRule] =
        [
            SSIPPriorityRule(id: "S1", rule: "important is never interrupted; several are said in the order they came")
            {
                var m = SSIPMachine()
                m.connect(1)
                m.connect(2)
                m.speak(1, .important, "First.")
                m.startAndStop()
                m.speak(2, .important, "Second.")
                m.speak(1, .message, "Third.")
                #expect(m.heard.isEmpty)
                m.speech(.finished(1))
                #expect(m.heard == ["speak #2 \"Second.\""])
                #expect(m.events[1] == ["BEGIN #1", "END #1"])
            },
            SSIPPriorityRule(
                id: "S2", rule: "important cuts a message being said, which is cancelled; waiting ones are postponed"
            ) {
                var m = SSIPMachine()
                m.connect(1)
                m.connect(2)
                m.speak(1, .message, "Long message.")
                m.startAndStop()
                m.speak(1, .message, "Waiting.")
                m.speak(2, .important, "Alert.")
                #expect(m.heard == ["stop #1"])
                m.startAndStop()
                #expect(m.events[1] == ["BEGIN #1", "CANCELED #1"])
                #expect(m.heard == ["speak #3 \"Alert.\""])
                m.startAndStop()
                m.speech(.finished(3))
                #expect(m.heard == ["speak #2 \"Waiting.\""])
            },
            SSIPPriorityRule(
                id: "S3", rule: "important cancels every SSIP client's progress and notification messages"
            ) {
                var m = SSIPMachine()
                m.connect(1)
                m.connect(2)
                m.speak(1, .message, "Message.")
                m.startAndStop()
                m.speak(1, .progress, "Half done.")
                m.speak(2, .progress, "Other half.")
                m.speak(1, .important, "Alert.")
                #expect(m.events[1] == ["BEGIN #1", "CANCELED #2"])
                #expect(m.events[2] == ["CANCELED #3"])
                #expect(m.heard == ["stop #1"])
            },
            SSIPPriorityRule(id: "S4", rule: "message does not interrupt message: each waits, in the order they came") {
                var m = SSIPMachine()
                m.connect(1)
                m.connect(2)
                m.speak(1, .message, "One.")
                m.startAndStop()
                m.speak(2, .message, "Two.")
                m.speak(1, .message, "Three.")
                #expect(m.heard.isEmpty)
                m.speech(.finished(1))
                #expect(m.heard == ["speak #2 \"Two.\""])
                m.startAndStop()
                m.speech(.finished(2))
                #expect(m.heard == ["speak #3 \"Three.\""])
            },
            SSIPPriorityRule(
                id: "S5", rule: "message cancels every SSIP client's text, notification and progress, said or waiting"
            ) {
                var m = SSIPMachine()
                m.connect(1)
                m.connect(2)
                m.speak(1, .text, "Text.")
                m.startAndStop()
                m.speak(1, .progress, "Half done.")
                m.speak(2, .message, "Message.")
                #expect(m.heard == ["stop #1"])
                m.startAndStop()
                #expect(m.events[1] == ["BEGIN #1", "CANCELED #2", "CANCELED #1"])
                #expect(m.heard == ["speak #3 \"Message.\""])
            },
            SSIPPriorityRule(id: "S6", rule: "text interrupts itself: of several, only the latest is said") {
                var m = SSIPMachine()
                m.connect(1)
                m.speak(1, .text, "A.")
                m.startAndStop()
                m.speak(1, .text, "B.")
                #expect(m.heard == ["stop #1"])
                m.speak(1, .text, "C.")
                m.startAndStop()
                #expect(m.events[1] == ["BEGIN #1", "CANCELED #2", "CANCELED #1"])
                #expect(m.heard == ["speak #3 \"C.\""])
            },
            SSIPPriorityRule(id: "S7", rule: "text waits while a message or important is said, and is said after") {
                var m = SSIPMachine()
                m.connect(1)
                m.connect(2)
                m.speak(2, .message, "Message.")
                m.startAndStop()
                m.speak(1, .text, "Text.")
                #expect(m.heard.isEmpty)
                m.speech(.finished(1))
                #expect(m.heard == ["speak #2 \"Text.\""])
            },
            SSIPPriorityRule(
                id: "S8",
                rule:
                    "notification is said only when nothing else is, and a newer one or another message of an SSIP client cancels it"
            ) {
                var m = SSIPMachine()
                m.connect(1)
                m.connect(2)
                m.speak(1, .message, "Busy.")
                m.startAndStop()
                m.speak(2, .notification, "Not now.")
                m.machine.milliseconds += SSIPPriority.notificationMilliseconds
                m.speech(.finished(1))
                #expect(m.heard.isEmpty)
                #expect(m.events[2] == ["CANCELED #2"])
                m.speak(2, .notification, "Now.")
                m.startAndStop()
                m.speak(2, .notification, "Newer.")
                #expect(m.heard == ["stop #3"])
                m.startAndStop()
                m.speak(2, .text, "Text.")
                #expect(m.heard == ["speak #4 \"Newer.\"", "stop #4"])
                #expect(m.events[2] == ["CANCELED #2", "BEGIN #3", "CANCELED #3"])
            },
            SSIPPriorityRule(
                id: "S9",
                rule:
                    "progress lets the one being said finish; of those that come meanwhile the latest is said after it"
            ) {
                var m = SSIPMachine()
                m.connect(1)
                m.speak(1, .progress, "Ten percent.")
                m.startAndStop()
                m.speak(1, .progress, "Twenty percent.")
                m.speak(1, .progress, "Thirty percent.")
                #expect(m.heard.isEmpty)
                #expect(m.events[1] == ["BEGIN #1", "CANCELED #2"])
                m.speech(.finished(1))
                #expect(m.heard == ["speak #3 \"Thirty percent.\""])
                m.startAndStop()
                m.speak(1, .progress, "Forty percent.")
                #expect(m.heard.isEmpty)
            },
        ] + screenReader
}
