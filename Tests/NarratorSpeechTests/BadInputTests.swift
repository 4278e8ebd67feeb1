import NarratorAudio
import NarratorSpeech
import Testing

@Suite("Bad input to the engine")
struct BadInputTests {
    @Test("Empty and blank text is refused", arguments: ["", "   ", "\n\t"])
    func refusesEmptyText(text: String) throws {
        let engine = try TestEngine.engine()
        #expect(throws: SpeechError.invalidRequest(.emptyText)) {
            try engine.speak(SpeechRequest(id: TestEngine.nextID(), text: text), to: MemorySink()) { _ in }
        }
    }

    @Test("A megabyte of text is refused with the limit in the message, and speech goes on")
    func refusesHugeText() async throws {
        let engine = try TestEngine.engine()
        let huge = String(repeating: "lives remaining ", count: 65_536)
        #expect(
            throws: SpeechError.invalidRequest(
                .textTooLong(bytes: huge.utf8.count, limit: SpeechRequest.maximumTextBytes))
        ) {
            try engine.speak(SpeechRequest(id: TestEngine.nextID(), text: huge), to: MemorySink()) { _ in }
        }
        let (_, outcome, id) = try await TestEngine.render("Still speaking.")
        #expect(outcome == .finished(id))
    }

    @Test("Out-of-range voice parameters are refused before anything is queued")
    func refusesBadParameters() throws {
        let engine = try TestEngine.engine()
        let cases: [(VoiceRequest, String)] = [
            (VoiceRequest(rate: 1000), "rate"), (VoiceRequest(pitch: -1), "pitch"),
            (VoiceRequest(volume: 500), "volume"),
        ]
        for (voice, name) in cases {
            do {
                try engine.speak(SpeechRequest(id: TestEngine.nextID(), text: "Hi", voice: voice), to: MemorySink()) {
                    _ in
                }
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.description.hasPrefix(name))
            }
        }
    }

    @Test(
        "Unknown outputs are not parsed; known ones are", arguments: ["", "wav:", "speakers", "pulse:x", "WAV:/tmp/a"])
    func refusesUnknownOutput(argument: String) {
        #expect(AudioOutput(argument: argument) == nil)
    }

    @Test("Known outputs parse")
    func parsesOutputs() {
        #expect(AudioOutput(argument: "auto") == .device(.auto))
        #expect(AudioOutput(argument: "pulse") == .device(.pulse))
        #expect(AudioOutput(argument: "alsa") == .device(.alsa))
        #expect(AudioOutput(argument: "null") == .null)
        #expect(AudioOutput(argument: "wav:/tmp/x.wav") == .wav(path: "/tmp/x.wav"))
    }

    @Test("Text with control characters, markup and odd Unicode is spoken, not crashed on")
    func speaksOddText() async throws {
        for text in ["<speak>hi</speak> & %@ %lld", "a\u{0}b", "\u{202E}abc 🏎️", String(repeating: ".", count: 5000)] {
            let engine = try TestEngine.engine()
            let id = TestEngine.nextID()
            let outcome = try await engine.speakAndWait(SpeechRequest(id: id, text: text), to: MemorySink())
            #expect(outcome == .finished(id), "\(text.prefix(20))")
        }
    }
}
