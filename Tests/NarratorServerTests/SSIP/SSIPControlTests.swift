import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

/// `STOP`, `CANCEL`, `PAUSE` and `RESUME` of `all` and of another client's number, over the pure
/// conductor: what each client hears of the other's messages (docs/SSIP.md).
@Suite struct SSIPControlTests {
    @Test func stopAllCutsTheMessageHeardAndTheQueueGoesOn() {
        var m = SSIPMachine()
        m.connect(1)
        m.connect(2)
        m.speak(1, .message, "One.")
        m.speak(1, .message, "Two.")
        m.startAndStop()
        #expect(m.send(2, "STOP all").text == "210 OK STOPPED\r\n")
        #expect(m.heard == ["stop #1"])
        m.startAndStop()
        m.startAndStop()
        #expect(m.events[1] == ["BEGIN #1", "CANCELED #1", "BEGIN #2"])
        #expect(m.machine.conductor.ledger.openCount == 1)
    }

    @Test func anotherClientsNumberPausesResumesStopsAndCancelsItsSpeech() {
        var m = SSIPMachine()
        m.connect(1)
        m.connect(2)
        for text in ["One.", "Two.", "Three."] { m.speak(1, .message, text) }
        m.startAndStop()
        #expect(m.send(2, "PAUSE 1").text == "211 OK PAUSED\r\n")
        m.startAndStop()
        #expect(m.machine.conductor.scheduler.pausedClients == [ClientID(rawValue: 1)])
        #expect(m.send(2, "RESUME 1").text == "212 OK RESUMED\r\n")
        m.startAndStop()
        #expect(m.events[1] == ["BEGIN #1", "PAUSED #1", "RESUMED #1"])
        #expect(m.send(2, "STOP 1").code == 210)
        m.startAndStop()
        m.startAndStop()
        #expect(m.events[1]?.suffix(2) == ["CANCELED #1", "BEGIN #2"])
        #expect(m.send(2, "CANCEL 1").code == 213)
        m.startAndStop()
        #expect(m.events[1]?.suffix(2) == ["CANCELED #3", "CANCELED #2"])
        #expect(m.machine.conductor.ledger.openCount == 0)
        #expect(m.events[2] == nil)
    }

    /// Whether a client's speech is paused is the scheduler's, read when `RESUME self` comes: a pause
    /// another client lifted (`RESUME all`) or made (`PAUSE 1`) counts, as the speech does.
    @Test func resumeSelfFollowsPausesOtherClientsMadeAndLifted() {
        var m = SSIPMachine()
        m.connect(1)
        m.connect(2)
        m.speak(1, .message, "One.")
        m.startAndStop()
        #expect(m.send(1, "PAUSE self").code == 211)
        #expect(m.send(2, "RESUME all").code == 212)
        m.startAndStop()
        #expect(m.send(1, "RESUME self").text == "404 ERR NOT PAUSED\r\n")
        #expect(m.send(2, "PAUSE 1").code == 211)
        m.startAndStop()
        #expect(m.send(1, "RESUME self").text == "212 OK RESUMED\r\n")
        m.startAndStop()
        #expect(m.events[1] == ["BEGIN #1", "PAUSED #1", "RESUMED #1", "PAUSED #1", "RESUMED #1"])
        #expect(m.machine.conductor.scheduler.pausedClients.isEmpty)
    }

    /// SSIP: of a number no client has, "do nothing"; speech-dispatcher answers its PAUSE and RESUME
    /// with OK too.
    @Test func aNumberNoClientHasDoesNothing() {
        var m = SSIPMachine()
        m.connect(1)
        m.connect(2)
        m.speak(1, .message, "One.")
        m.startAndStop()
        for (line, code) in [("STOP 9", 210), ("CANCEL 9", 213), ("PAUSE 9", 211), ("RESUME 9", 212)] {
            #expect(m.send(2, line).code == code, "\(line)")
        }
        #expect(m.heard.isEmpty)
        #expect(m.events[1] == ["BEGIN #1"])
    }

    /// Its own number is `self`: STOP takes the block's messages together.
    @Test func itsOwnNumberIsSelf() {
        var m = SSIPMachine()
        m.connect(1)
        #expect(m.send(1, "SET SELF PRIORITY message").code == 202)
        #expect(m.send(1, "BLOCK BEGIN").code == 260)
        #expect(m.send(1, "SPEAK", data: "One.").code == 225)
        #expect(m.send(1, "SPEAK", data: "Two.").code == 225)
        #expect(m.send(1, "BLOCK END").code == 261)
        m.speak(1, .message, "Three.")
        m.startAndStop()
        #expect(m.send(1, "STOP 1").code == 210)
        m.startAndStop()
        m.startAndStop()
        #expect(m.events[1] == ["BEGIN #1", "CANCELED #2", "CANCELED #1", "BEGIN #3"])
        #expect(m.send(1, "RESUME 1").code == 404)
    }

    /// `SET id` sets another client's own settings, `SET all` every client's (a game's too), through the
    /// narrator's `set` of that client; `GET` of the client set sees it; the user's settings stay for
    /// clients that come later.
    @Test func setOfAnotherClientAndOfAllAreThoseClientsOwn() {
        var m = SSIPMachine()
        m.connect(1)
        m.connect(2)
        let game = m.machine.connect(3)
        func own(_ id: UInt64) -> OwnVoice? { m.machine.conductor.sessions[ClientID(rawValue: id)]?.own }
        #expect(m.send(2, "SET 1 RATE 100").text == "203 OK RATE SET\r\n")
        #expect(own(1)?.rate == 450 && own(2)?.rate == nil)
        #expect(m.send(1, "GET RATE").lines == ["100"])
        #expect(m.send(2, "GET RATE").lines == ["0"])
        #expect(m.send(2, "SET 1 LANGUAGE pl").code == 201)
        #expect(m.send(1, "GET LANGUAGE").lines == ["pl"])
        #expect(m.send(2, "SET all PITCH -100").code == 204)
        #expect([own(1)?.pitch, own(2)?.pitch, own(game.rawValue)?.pitch] == [0, 0, 0])
        #expect(m.send(1, "GET PITCH").lines == ["-100"])
        #expect(m.send(2, "GET PITCH").lines == ["-100"])
        // Its own SET afterwards is its own again.
        #expect(m.send(1, "SET self RATE -1").code == 203)
        #expect(m.send(1, "GET RATE").lines == ["-1"])
        // A number no connected client has is SSIP's "no such client"; what SSIP sets for self only is refused.
        #expect(m.send(2, "SET 9 RATE 10").text == "402 ERR NO SUCH CLIENT\r\n")
        #expect(m.send(2, "SET 9 PAUSE_CONTEXT 2").code == 402)
        #expect(m.send(2, "SET 1 OUTPUT_MODULE narrator").code == 216)
        for line in ["SET all PRIORITY important", "SET 1 CLIENT_NAME a:b:c", "SET all SSML_MODE on"] {
            #expect(m.send(2, line).code == 514, "\(line)")
        }
        #expect(m.send(2, "SET all NOTIFICATION ALL on").code == 514)
        // A client that connects later has the user's settings.
        m.connect(4)
        #expect(own(4) == OwnVoice())
        #expect(m.send(4, "GET PITCH").lines == ["0"])
    }

    /// A block is one message: `STOP` of its client's number or of all, while one of its messages is
    /// heard, cuts the rest of it, waiting or still to be sent before `BLOCK END`; what follows the block
    /// is said.
    @Test func stopOfAnotherClientCutsTheRestOfItsBlock() {
        var m = SSIPMachine()
        m.connect(1)
        m.connect(2)
        #expect(m.send(1, "SET SELF PRIORITY message").code == 202)
        #expect(m.send(1, "BLOCK BEGIN").code == 260)
        for text in ["One.", "Two.", "Three."] { #expect(m.send(1, "SPEAK", data: text).code == 225) }
        #expect(m.send(1, "BLOCK END").code == 261)
        m.speak(1, .message, "After.")
        m.startAndStop()
        #expect(m.send(2, "STOP 1").code == 210)
        #expect(m.heard == ["stop #1"])
        m.startAndStop()
        #expect(m.heard == ["speak #4 \"After.\""])
        #expect(m.events[1] == ["BEGIN #1", "CANCELED #2", "CANCELED #3", "CANCELED #1"])
        m.startAndStop()
        m.speech(.finished(4))
        // An open block: what it is sent after the stop is not said, and answered with the cut message's id.
        #expect(m.send(1, "BLOCK BEGIN").code == 260)
        #expect(m.send(1, "SPEAK", data: "Five.").code == 225)
        m.startAndStop()
        #expect(m.send(2, "STOP all").code == 210)
        m.startAndStop()
        #expect(m.send(1, "SPEAK", data: "Six.").text == "225-5\r\n225 OK MESSAGE QUEUED\r\n")
        #expect(m.send(1, "BLOCK END").code == 261)
        #expect(m.heard.isEmpty)
        #expect(m.send(1, "SPEAK", data: "Seven.").lines == ["6"])
        m.startAndStop()
        #expect(m.events[1]?.suffix(3) == ["BEGIN #5", "CANCELED #5", "BEGIN #6"])
        #expect(m.machine.conductor.ledger.history(limit: nil, client: nil).map(\.text).contains("Six.") == false)
    }
}
