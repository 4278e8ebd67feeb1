import Testing

@testable import NarratorSpeech

/// A resolver makes each choice once and keeps it: asked again for the same locale or name, it
/// answers from a dictionary.
@Suite("Voice choices kept")
struct VoiceChoicesTests {
    /// A resolver of its own over the installed voices, so the counts are this test's alone.
    private func freshResolver() throws -> VoiceResolver {
        let engine = try TestEngine.engine()
        return VoiceResolver(voices: engine.voices, variants: engine.resolver.variants)
    }

    @Test("A locale's and a name's choice is kept once made, and is what resolving again returns")
    func keepsChoices() throws {
        let resolver = try freshResolver()
        #expect(resolver.choices.voice(for: "fr-CA") == nil)
        let first = try resolver.resolve("fr-CA")
        #expect(resolver.choices.voice(for: "fr-CA") == first)
        #expect(try resolver.resolve("fr-CA") == first)

        #expect(resolver.choices.voice(named: "pl+f3") == nil)
        let named = try resolver.resolve(named: "pl+f3")
        #expect(resolver.choices.voice(named: "pl+f3") == named)
        #expect(try resolver.resolve(named: "pl+f3") == named)
        #expect(resolver.choices.count == (locales: 1, names: 1))
    }

    @Test("The conductor's snapshot chooses as the engine does, from choices of its own")
    func snapshotChoosesAloneAndTheSame() throws {
        let engine = try TestEngine.engine()
        let snapshot = EngineVoices.snapshot(of: engine)
        #expect(snapshot.resolver.choices !== engine.resolver.choices)
        #expect(snapshot.engine == nil)
        let live = EngineVoices(engine: engine, logsFallbacks: false)
        for locale in ["pl", "fr-CA", "pt-BR", "qaa", "en-US"] {
            #expect(try snapshot.voice(for: locale) == live.voice(for: locale), "\(locale)")
        }
        #expect(try snapshot.voice(named: "pl+f3") == live.voice(named: "pl+f3"))
        #expect(try snapshot.variant(named: "Female2") == "f2")
        #expect(snapshot.resolver.choices.count.locales == 5)
    }

    @Test("What cannot be resolved is not kept, and throws again")
    func keepsNoFailures() throws {
        let resolver = try freshResolver()
        #expect(throws: SpeechError.invalidLocale("x!")) { try resolver.resolve("x!") }
        #expect(throws: SpeechError.invalidLocale("x!")) { try resolver.resolve("x!") }
        #expect(throws: SpeechError.self) { try resolver.resolve(named: "pl+f9") }
        #expect(resolver.choices.count == (locales: 0, names: 0))
    }

    @Test("A client sending a new tag each time fills the choices only to their limit, and is still answered")
    func boundedByLimit() throws {
        let resolver = try freshResolver()
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init)
        let regions = letters.flatMap { first in letters.map { first + $0 } }.prefix(VoiceChoices.limit + 50)
        for region in regions {
            let voice = try resolver.resolve("de-\(region)")
            #expect(voice.espeakLanguage == "de", "de-\(region)")
        }
        #expect(resolver.choices.count.locales == VoiceChoices.limit)
        #expect(resolver.choices.voice(for: "de-\(regions.last!)") == nil)
    }
}
