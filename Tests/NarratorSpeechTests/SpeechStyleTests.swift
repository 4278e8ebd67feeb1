import NarratorAudio
import NarratorSpeech
import NarratorWire
import Testing

/// A variant over whatever voice speaks, punctuation said by name and capitals told (a client's
/// `set`, SSIP's `VOICE_TYPE`, `PUNCTUATION` and `CAP_LET_RECOGN`), heard through the real
/// libespeak-ng: in this process, and in the sandboxed child the daemon speaks through.
@Suite("Variants, punctuation and capitals, as heard")
struct SpeechStyleTests {
    /// The samples of `text` in `voice`, each on a fresh id.
    static func render(_ text: String, _ voice: VoiceRequest, on engine: SpeechEngine) async throws -> [Int16] {
        let sink = MemorySink()
        let id = TestEngine.nextID()
        let outcome = try await engine.speakAndWait(SpeechRequest(id: id, text: text, voice: voice), to: sink)
        #expect(outcome == .finished(id))
        return sink.samples(of: id)
    }

    static func engine(isolated: Bool) throws -> SpeechEngine {
        isolated ? try IsolatedEngine.start() : try TestEngine.engine()
    }

    @Test("A variant goes over the locale's voice and replaces a named voice's own", arguments: [false, true])
    func variantIsHeard(isolated: Bool) async throws {
        let engine = try Self.engine(isolated: isolated)
        defer { if isolated { engine.shutdown() } }
        let text = "Good morning, how are you today?"
        let plain = try await Self.render(text, VoiceRequest(locale: "en"), on: engine)
        let female = try await Self.render(text, VoiceRequest(locale: "en", variant: "f2"), on: engine)
        let again = try await Self.render(text, VoiceRequest(locale: "en"), on: engine)
        #expect(plain != female)
        let (low, high) = (medianPitch(plain), medianPitch(female))
        #expect(low < 150 && high > 180, "pitch \(low) Hz plain, \(high) Hz with f2")
        #expect(medianPitch(again) < 150)
        let named = VoiceRequest(locale: "pl", voice: "pl+f3", variant: "m3")
        let male = try await Self.render("Dzień dobry, jak się masz?", named, on: engine)
        #expect(medianPitch(male) < 150, "the variant m3 over pl+f3: \(medianPitch(male)) Hz")
    }

    @Test("Each level of punctuation says more of it by name, and none says none again", arguments: [false, true])
    func punctuationIsHeard(isolated: Bool) async throws {
        let engine = try Self.engine(isolated: isolated)
        defer { if isolated { engine.shutdown() } }
        // `<` is a symbol (some), `(` and `;` brackets and a semicolon (most), `,` sentence punctuation (all).
        let text = "one < two (three); four, five"
        var lengths: [Int] = []
        for level in [Punctuation.none, .some, .most, .all, .none] {
            lengths.append(try await Self.render(text, VoiceRequest(punctuation: level), on: engine).count)
        }
        for index in 1...3 {
            #expect(Double(lengths[index]) > Double(lengths[index - 1]) * 1.04, "\(lengths)")
        }
        // Back to none sounds as at first; checked in the child, whose espeak-ng no other test shares
        // (in this process, tests running beside this one leave SSML's settings behind).
        if isolated { #expect(abs(Double(lengths[4]) / Double(lengths[0]) - 1) < 0.03, "\(lengths)") }
    }

    @Test("Capitals are told by the word capital, or by a short sound", arguments: [false, true])
    func capitalsAreHeard(isolated: Bool) async throws {
        let engine = try Self.engine(isolated: isolated)
        defer { if isolated { engine.shutdown() } }
        let text = "Hello World"
        let none = try await Self.render(text, VoiceRequest(), on: engine).count
        let icon = try await Self.render(text, VoiceRequest(capitals: .icon), on: engine).count
        let spell = try await Self.render(text, VoiceRequest(capitals: .spell), on: engine).count
        let again = try await Self.render(text, VoiceRequest(), on: engine).count
        #expect(icon > none && spell > Int(Double(icon) * 1.2), "\(none) \(icon) \(spell)")
        if isolated { #expect(abs(Double(again) / Double(none) - 1) < 0.03, "\(none) \(again)") }
    }

    @Test("A variant espeak-ng does not have is refused by name, as the daemon checks a client's")
    func unknownVariant() throws {
        let voices = EngineVoices(engine: try TestEngine.engine())
        #expect(try voices.variant(named: "Female2") == "f2")
        #expect(try voices.variant(named: "zac") == "zac")
        let error = #expect(throws: SpeakerError.self) { try voices.variant(named: "f9") }
        #expect(error?.message.contains("narrator voices --variants") == true)
    }
}
