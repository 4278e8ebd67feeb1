import NarratorAudio
import NarratorSpeech
import NarratorVoice
import Testing

/// SSML through the real libespeak-ng: a request marked SSML is spoken with its markup, plain text
/// never is (its `<` is said), and what SSML changes does not leak into the next utterance.
@Suite("SSML in espeak-ng")
struct SSMLTests {
    /// The samples of one utterance.
    private func samples(_ text: String, ssml: Bool, locale: String = "en") async throws -> [Int16] {
        let engine = try TestEngine.engine()
        let sink = MemorySink()
        let id = TestEngine.nextID()
        let outcome = try await engine.speakAndWait(
            SpeechRequest(id: id, text: text, voice: VoiceRequest(locale: locale), ssml: ssml), to: sink)
        #expect(outcome == .finished(id))
        return sink.samples(of: id)
    }

    @Test("Plain text never reads markup: a tag's name is spoken, and a tag hides nothing")
    func plainTextIsLiteral() async throws {
        let engine = try TestEngine.engine()
        let word = try await samples("Hello", ssml: false).count
        let tagged = try await samples("<speak>Hello</speak>", ssml: false).count
        let marked = try await samples("<speak>Hello</speak>", ssml: true).count
        // As text, "speak ... slash speak" is said around the word (espeak-ng's phonemes:
        // "sp'i:k h@l'oU sl'aS sp'i:k"); as SSML only the word is (with the pause ending a document).
        #expect(Double(tagged) > Double(word) * 3, "as text \(tagged) samples, the word alone \(word)")
        #expect(Double(marked) < Double(tagged) * 0.6, "as SSML \(marked) samples, as text \(tagged)")
        // `<b>` would hide nothing in SSML either, but as text its letter is spoken: "One bee two".
        // ("<" and ">" are punctuation to espeak-ng, which names punctuation only when asked to.)
        let withTag = try await samples("One <b> two", ssml: false).count
        let without = try await samples("One two", ssml: false).count
        let longer = Double(withTag - without) / Double(engine.sampleRate)
        #expect(longer > 0.15, "\"<b>\" added \(longer) s")
    }

    @Test("SSML's markup is followed: a break adds its silence")
    func breakIsHeard() async throws {
        let engine = try TestEngine.engine()
        let plain = try await samples("<speak>One two.</speak>", ssml: true).count
        let paused = try await samples(#"<speak>One <break time="1500ms"/> two.</speak>"#, ssml: true).count
        let added = Double(paused - plain) / Double(engine.sampleRate)
        #expect(added > 1.2 && added < 1.8, "the break added \(added) s")
    }

    @Test("xml:lang in one SSML utterance does not change the voice of the next")
    func languageDoesNotLeak() async throws {
        let english = "Score one hundred and twenty."
        let before = try await samples(english, ssml: false).count
        _ = try await samples(#"<speak xml:lang="de">Noch zwei Leben, hundertzwanzig Punkte.</speak>"#, ssml: true)
        let after = try await samples(english, ssml: false).count
        #expect(abs(Double(after - before)) / Double(before) < 0.015, "before \(before), after \(after)")
    }

    @Test("An SSML utterance reports no sentence positions: it is only ever spoken from its start")
    func noPositionsInMarkup() async throws {
        let engine = try TestEngine.engine()
        let log = EventLog()
        let id = TestEngine.nextID()
        let outcome = try await engine.speakAndWait(
            SpeechRequest(
                id: id, text: "<speak><s>First one.</s><s>Second one.</s></speak>", startPosition: 9, ssml: true),
            to: MemorySink()
        ) { log.record($0) }
        #expect(outcome == .finished(id))
        #expect(log.sentenceStarts.isEmpty)
    }

    @Test("A malformed document is refused before espeak-ng sees it", arguments: SSMLCheckTests.refused.prefix(4))
    func malformedIsRefused(document: String, problem: String) throws {
        let engine = try TestEngine.engine()
        #expect {
            try engine.speak(SpeechRequest(id: TestEngine.nextID(), text: document, ssml: true), to: MemorySink()) {
                _ in
            }
        } throws: { error in
            guard case SpeechError.invalidRequest(.ssml(let ssml)) = error else { return false }
            return ssml.problem.contains(problem)
        }
    }
}

/// The SSML check alone: what it accepts, and what it refuses with which sentence.
@Suite("SSML check")
struct SSMLCheckTests {
    static let accepted = [
        "<speak>Hello</speak>",
        #"<?xml version="1.0"?><speak xml:lang="en">Hello &amp; goodbye &#x263A; &#65;</speak>"#,
        #"<speak><voice gender="female" variant='2'>Hi</voice> <prosody rate="fast" pitch="+10%">there</prosody></speak>"#,
        #"<speak><s>One.</s><p><s>Two.</s></p><break/><mark name="m"/><say-as interpret-as="characters">ab</say-as></speak>"#,
        #"<!-- a note --><speak><sub alias="World Wide Web">WWW</sub><emphasis>now</emphasis></speak>"#,
        #"<speak><phoneme alphabet="espeak" ph="h@l'oU">hello</phoneme><tts:style field="punctuation" mode="all">a.</tts:style></speak>"#,
        "<speak>1 &lt; 2 > 0</speak>",
    ]

    static let refused: [(String, String)] = [
        ("<speak>Hello", "<speak> is never closed"),
        ("<speak><audio src=\"/etc/passwd\"/>x</speak>", "<audio> is not accepted"),
        ("<speak><b>bold</b></speak>", "<b> is not an SSML element"),
        ("<speak>a</voice></speak>", "</voice> closes <speak>"),
        ("Hello", "text before <speak>"),
        ("<voice>Hi</voice>", "the root element must be <speak>"),
        ("<speak>a</speak><speak>b</speak>", "a second root"),
        ("<speak>a</speak> b", "text after </speak>"),
        ("<speak>Tom & Jerry</speak>", "\"&\" starts no reference"),
        ("<speak>&nbsp;</speak>", "&nbsp; is not an XML reference"),
        ("<speak>&#0;</speak>", "&#0; is not a character XML allows"),
        ("<speak><break time=2s/>a</speak>", "must be in quotes"),
        ("<speak><break time=\"2s\" time=\"1s\"/>a</speak>", "has \"time\" twice"),
        ("<speak><mark name=\"a>b\"/>a</speak>", "\">\" in the value"),
        ("<speak><break/></speak>", "nothing to say"),
        ("<speak><metadata>only this</metadata></speak>", "nothing to say"),
        ("<!DOCTYPE speak><speak>a</speak>", "no DOCTYPE"),
        ("<speak><![CDATA[a]]></speak>", "no DOCTYPE, CDATA"),
        ("<speak>a <</speak>", "\"<\" starts no element"),
        ("<speak>\u{1}</speak>", "control character"),
        (
            "<speak>" + String(repeating: "<s>", count: SSMLCheck.maximumDepth) + "a"
                + String(repeating: "</s>", count: SSMLCheck.maximumDepth) + "</speak>", "nested more than 12 deep"
        ),
    ]

    @Test("Documents espeak-ng speaks are accepted", arguments: accepted)
    func accepts(document: String) throws {
        try SSMLCheck.check(document)
    }

    @Test("Malformed or unsupported documents are refused, saying what and where", arguments: refused)
    func refuses(document: String, problem: String) {
        #expect {
            try SSMLCheck.check(document)
        } throws: { error in
            guard let error = error as? SSMLError else { return false }
            return error.problem.contains(problem) && error.description.hasPrefix("SSML, at character ")
        }
    }

    @Test("The position counts characters from 1, where the problem starts")
    func position() {
        #expect(
            throws: SSMLError(
                position: 8,
                problem: "<blink> is not an SSML element espeak-ng speaks; use "
                    + SSMLCheck.elements.sorted().map { "<\($0)>" }.joined(separator: ", "))
        ) {
            try SSMLCheck.check("<speak><blink>a</blink></speak>")
        }
        #expect(throws: SSMLError(position: 9, problem: "</voice> closes <speak> (opened at character 1)")) {
            try SSMLCheck.check("<speak>a</voice></speak>")
        }
    }

    @Test("A nesting of exactly the most accepted passes")
    func deepestAccepted() throws {
        let depth = SSMLCheck.maximumDepth - 1
        try SSMLCheck.check(
            "<speak>" + String(repeating: "<s>", count: depth) + "a" + String(repeating: "</s>", count: depth)
                + "</speak>")
    }
}
