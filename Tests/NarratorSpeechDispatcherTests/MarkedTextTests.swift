import NarratorSpeechDispatcher
import NarratorVoice
import Testing

/// The SSML Narrator sends speech-dispatcher: sentence starts, marks and escaping (pure).
@Suite("Marked text for speech-dispatcher")
struct MarkedTextTests {
    @Test(
        "Sentences start after . ! ? … and a space, or after a full-width stop",
        arguments: [
            ("One. Two! Three? Four… Five.", [0, 5, 10, 17, 23]),
            ("Score 3.5 now. Next", [0, 15]),
            ("He said \"stop.\" Then left.", [0, 16]),
            ("  Leading space. Then", [2, 17]),
            ("一。二！三？四", [0, 2, 4, 6]),
            ("Ends with a stop.   ", [0]),
            ("   ", []),
        ])
    func sentenceStarts(text: String, starts: [Int]) {
        #expect(MarkedText.sentenceStarts(in: text) == starts)
    }

    @Test("Starting mid-way, the first sentence is the start itself")
    func resumedStart() {
        let text = "First sentence here. Second one. Third."
        #expect(MarkedText.sentenceStarts(in: text, from: 21) == [21, 33])
        #expect(
            MarkedText.ssml(text, from: 21)
                == #"<speak><s><mark name="s21"/>Second one. </s><s><mark name="s33"/>Third.</s></speak>"#)
    }

    @Test("Every sentence gets a mark named after its offset in the whole text; XML is escaped")
    func marksAndEscaping() {
        let ssml = MarkedText.ssml(#"Tom & "Jerry" <3. Next 'one'."#)
        #expect(
            ssml
                == #"<speak><s><mark name="s0"/>Tom &amp; &quot;Jerry&quot; &lt;3. </s><s><mark name="s18"/>Next &apos;one&apos;.</s></speak>"#
        )
        #expect(MarkedText.position(ofMark: "s18") == 18)
        #expect(MarkedText.position(ofMark: "other") == nil)
    }

    @Test("Offsets count Unicode scalars, as the seam does")
    func scalarOffsets() {
        // "é" written as e + combining accent is two scalars.
        let text = "Caf\u{65}\u{301}. Ouvert."
        #expect(MarkedText.sentenceStarts(in: text) == [0, 7])
    }
}

/// Which settings reach speech-dispatcher: the player's own unless asked otherwise (pure).
@Suite("speech-dispatcher voice settings")
struct DispatcherVoiceTests {
    let configured = DispatcherVoice(language: "en-GB", rate: 40, pitch: -10, volume: 100)

    @Test("Narrator's defaults leave the player's language, rate, pitch and volume alone")
    func defaultsKeepThePlayers() {
        #expect(DispatcherVoice.choose(VoiceRequest(locale: "en"), configured: configured) == configured)
        #expect(DispatcherVoice.choose(VoiceRequest(locale: "en-US"), configured: configured) == configured)
    }

    @Test("Another language, or a rate, pitch or volume a client asked for, is sent")
    func askedForIsSent() {
        let polish = DispatcherVoice.choose(VoiceRequest(locale: "pl_PL.UTF-8"), configured: configured)
        #expect(polish == DispatcherVoice(language: "pl-PL", rate: 40, pitch: -10, volume: 100))
        let asked = DispatcherVoice.choose(
            VoiceRequest(locale: "en", rate: 449, pitch: 100, volume: 50), configured: configured)
        #expect(asked == DispatcherVoice(language: "en-GB", rate: 100, pitch: 100, volume: -50))
    }

    @Test(
        "Words per minute map onto -100...100 around espeak-ng's normal 170",
        arguments: [(80, -100), (125, -50), (170, 0), (449, 100), (450, 100), (309, 49)])
    func rateScale(wordsPerMinute: Int, rate: Int) {
        #expect(DispatcherVoice.rate(wordsPerMinute: wordsPerMinute) == rate)
    }
}
