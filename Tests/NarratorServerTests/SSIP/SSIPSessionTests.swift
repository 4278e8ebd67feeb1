import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

/// The session over the pure conductor: what each command answers, and the events it leads to.
@Suite struct SSIPSessionTests {
    @Test func speakAnswersTheMessageIdAndEventsFollowTheOutcomes() {
        var m = SSIPMachine()
        m.connect(1)
        #expect(m.send(1, "SPEAK").text == "230 OK RECEIVING DATA\r\n")
        let reply = m.send(1, "SPEAK", data: "Hello.")
        #expect(reply.text == "225-1\r\n225 OK MESSAGE QUEUED\r\n")
        m.startAndStop()
        m.speech(.finished(1))
        #expect(m.events[1] == ["BEGIN #1", "END #1"])
    }

    /// An SSIP client has a game's limits: 32 messages waiting or speaking.
    @Test func theClientLimitIsAnSSIPError() {
        var m = SSIPMachine()
        m.connect(1)
        #expect(m.send(1, "SET SELF PRIORITY message").code == 202)
        for index in 0..<32 { #expect(m.send(1, "SPEAK", data: "Message \(index).").code == 225) }
        let refused = m.send(1, "SPEAK", data: "One too many.")
        #expect(refused.code == 400 && refused.message.hasPrefix("ERR LIMIT: "), "\(refused.text)")
    }

    @Test func anSSMLMarkIsAnIndexMarkEvent() {
        var m = SSIPMachine()
        m.connect(1)
        #expect(m.send(1, "SET SELF SSML_MODE on").code == 219)
        #expect(m.send(1, "SPEAK", data: #"<speak>One <mark name="m1"/> two.</speak>"#).code == 225)
        m.startAndStop()
        m.speech(.mark(1, name: "m1"))
        m.speech(.finished(1))
        #expect(m.events[1] == ["BEGIN #1", "INDEX MARK #1", "END #1"])
    }

    @Test func eventsAreThoseAskedForWhenTheMessageWasSent() {
        var m = SSIPMachine()
        m.connect(1)
        #expect(m.send(1, "SET SELF NOTIFICATION ALL off").code == 220)
        #expect(m.send(1, "SET SELF NOTIFICATION END on").code == 220)
        m.speak(1, .message, "One.")
        #expect(m.send(1, "SET SELF NOTIFICATION END off").code == 220)
        m.startAndStop()
        m.speech(.finished(1))
        #expect(m.events[1] == ["END #1"])
    }

    @Test func settingsReachTheNarratorAndGetAnswersThem() {
        var m = SSIPMachine()
        m.connect(1)
        #expect(m.send(1, "SET SELF CLIENT_NAME \"ann:game:main\"").code == 208)
        #expect(m.send(1, "SET SELF CLIENT_NAME ann:other:main").code == 311)
        #expect(m.machine.conductor.sessions[ClientID(rawValue: 1)]?.name == "game")
        #expect(m.send(1, "SET SELF RATE 100").code == 203)
        #expect(m.send(1, "SET SELF VOLUME 0").code == 218)
        #expect(m.send(1, "SET SELF RATE 101").code == 409)
        let own = m.machine.conductor.sessions[ClientID(rawValue: 1)]?.own
        #expect(own?.rate == 450 && own?.volume == 50)
        #expect(m.send(1, "SET SELF RATE 0").code == 203)
        #expect(m.machine.conductor.sessions[ClientID(rawValue: 1)]?.own.rate == nil)
        #expect(m.send(1, "GET VOLUME").text == "251-0\r\n251 OK GET RETURNED\r\n")
        #expect(m.send(1, "SET SELF SYNTHESIS_VOICE polish").code == 209)
        #expect(m.send(1, "GET LANGUAGE").lines == ["pl"])
        #expect(m.send(1, "SET SELF LANGUAGE C").code == 201)
        #expect(m.send(1, "GET LANGUAGE").lines == ["en"])
        #expect(m.send(1, "SET SELF OUTPUT_MODULE espeak-ng").code == 312)
        #expect(m.send(1, "SET SELF PRIORITY urgent").code == 408)
    }

    @Test func unsupportedAndMalformedCommandsGetSSIPErrors() {
        var m = SSIPMachine()
        m.connect(1)
        #expect(m.send(1, "FLY away").code == 500)
        #expect(m.send(1, "STOP").code == 510)
        #expect(m.send(1, "STOP 0").code == 514)
        #expect(m.send(1, "RESUME self").code == 404)
        #expect(m.send(1, "HISTORY SORT sideways time").code == 514)
        #expect(m.send(1, "HISTORY GET LAST").code == 403)
        #expect(SSIPSession.reply(to: .bareLineFeed).code == 500)
    }

    @Test func listsHistoryAndBlocks() {
        var m = SSIPMachine()
        m.connect(1)
        #expect(m.send(1, "LIST OUTPUT_MODULES").lines == ["narrator"])
        #expect(m.send(1, "LIST VOICES").lines.count == 8)
        #expect(m.send(1, "LIST SYNTHESIS_VOICES pl").lines == ["Polish\tpl\tnone"])
        #expect(m.send(1, "HISTORY GET CLIENT_ID").lines == ["1"])
        #expect(m.send(1, "BLOCK BEGIN").code == 260)
        #expect(m.send(1, "LIST VOICES").code == 332)
        #expect(m.send(1, "SPEAK", data: "One.").code == 225)
        let second = m.send(1, "SPEAK", data: "Two.")
        #expect(m.send(1, "BLOCK END").code == 261)
        #expect(second.code == 225)
        #expect(m.machine.conductor.ledger.openCount == 2)
        #expect(m.send(1, "HISTORY GET LAST").lines == ["2"])
        #expect(m.send(1, "HISTORY GET MESSAGE 1").lines == ["One."])
        #expect(m.send(1, "HISTORY GET CLIENT_MESSAGES self 1 5").lines.count == 2)
        #expect(m.send(1, "HELP").code == 248)
        #expect(m.send(1, "QUIT").code == 231)
    }

    @Test func charAndKeyAreSpelledAsSSML() {
        #expect(SSIPSession.characterSSML("&") == "<speak><say-as interpret-as=\"characters\">&amp;</say-as></speak>")
        #expect(SSIPSession.characterSSML(" ") == "<speak>space</speak>")
        #expect(
            SSIPSession.keySSML("shift_kp-enter") == "<speak>shift keypad enter</speak>")
        #expect(
            SSIPSession.keySSML("control_a")
                == "<speak>control <say-as interpret-as=\"characters\">a</say-as></speak>")
    }

    /// VOICE_TYPE, PUNCTUATION, CAP_LET_RECOGN and SPELLING are the narrator's `set` (C26): a variant
    /// of espeak-ng's (MALE1, SSIP's default, is the voice as it is), punctuation and capitals said
    /// by the speech system, text spelled by the narrator; `GET` reads them back, also when another
    /// client set them.
    @Test func voiceTypePunctuationCapitalsAndSpellingReachTheNarrator() {
        var m = SSIPMachine()
        m.connect(1)
        m.connect(2)
        func own(_ id: UInt64) -> OwnVoice? { m.machine.conductor.sessions[ClientID(rawValue: id)]?.own }
        for (type, variant) in [("female2", "f2"), ("MALE3", "m3"), ("CHILD_MALE", "zac"), ("CHILD_FEMALE", "anika")] {
            #expect(m.send(1, "SET self VOICE_TYPE \(type)").code == 209)
            #expect(own(1)?.variant == variant)
            #expect(m.send(1, "GET VOICE_TYPE").lines == [type.uppercased()])
        }
        #expect(m.send(1, "SET self VOICE_TYPE MALE1").code == 209)
        #expect(own(1)?.variant == nil)
        #expect(m.send(1, "SET self VOICE_TYPE ROBOT").code == 514)
        #expect(m.send(1, "SET self PUNCTUATION most").text == "205 OK PUNCTUATION SET\r\n")
        #expect(own(1)?.punctuation == .most)
        #expect(m.send(1, "GET PUNCTUATION").lines == ["most"])
        #expect(m.send(1, "SET self PUNCTUATION none").code == 205)
        #expect(own(1)?.punctuation == nil)
        #expect(m.send(1, "SET self CAP_LET_RECOGN spell").code == 206)
        #expect(own(1)?.capitals == .spell && m.send(1, "GET CAP_LET_RECOGN").lines == ["spell"])
        #expect(m.send(1, "SET self SPELLING on").code == 207)
        m.speak(1, .message, "Hi you")
        #expect(m.machine.conductor.ledger.history(limit: 1, client: nil).first?.text == "H i y o u")
        // Of another client, and of all.
        #expect(m.send(1, "SET all VOICE_TYPE FEMALE1").code == 209)
        #expect(own(1)?.variant == "f1" && own(2)?.variant == "f1")
        #expect(m.send(2, "GET VOICE_TYPE").lines == ["FEMALE1"])
        #expect(m.send(1, "SET 2 SPELLING on").code == 207)
        #expect(m.send(2, "GET SPELLING").lines == ["on"])
        #expect(m.send(1, "SET 2 CAP_LET_RECOGN icon").code == 206)
        #expect(m.send(2, "GET CAP_LET_RECOGN").lines == ["icon"])
    }
}
