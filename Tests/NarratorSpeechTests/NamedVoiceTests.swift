import NarratorSpeech
import Testing

/// Voices chosen by name, with a variant (`pl+f3`), as the player's configuration names them:
/// against the voices installed with espeak-ng-data 1.51 (Debian 12), and spoken by the real engine.
@Suite("Named voices and variants")
struct NamedVoiceTests {
    typealias Row = (name: String, espeakName: String)

    static let table: [Row] = [
        ("pl", "zlw/pl"),
        ("zlw/pl", "zlw/pl"),
        ("Polish", "zlw/pl"),
        ("pl+f3", "zlw/pl+f3"),
        ("PL+F3", "zlw/pl+f3"),
        ("pl+female3", "zlw/pl+f3"),
        ("pl+annie", "zlw/pl+Annie"),
        ("en-gb", "gmw/en"),
        ("en-us+m3", "gmw/en-US+m3"),
    ]

    @Test("A voice's file, name or language, with a variant's file or name, chooses them", arguments: table)
    func resolves(row: Row) throws {
        #expect(try TestEngine.engine().resolver.resolve(named: row.name).espeakName == row.espeakName)
    }

    @Test(
        "A voice or variant espeak-ng does not have is an error saying where the names are",
        arguments: ["", "+f3", "no-such-voice", "pl+f9", "pl+", "pl f3"])
    func refusesUnknownNames(name: String) throws {
        let error = #expect(throws: SpeechError.self) { try TestEngine.engine().resolver.resolve(named: name) }
        #expect(error?.description.contains("narrator voices") == true)
    }

    @Test("The female variant really speaks higher; the locale's own voice is set again after it")
    func variantSpeaks() async throws {
        let text = "Dzień dobry, jak się masz?"
        let plain = try await TestEngine.render(text, voice: VoiceRequest(locale: "pl"))
        let female = try await TestEngine.render(text, voice: VoiceRequest(locale: "pl", voice: "pl+f3"))
        let again = try await TestEngine.render(text, voice: VoiceRequest(locale: "pl"))
        #expect(plain.outcome == .finished(plain.id) && female.outcome == .finished(female.id))
        let (low, high) = (medianPitch(plain.samples), medianPitch(female.samples))
        #expect(low < 150 && high > 180, "pitch \(low) Hz plain, \(high) Hz with f3")
        // espeak-ng's output differs by a sample or so from run to run: the pitch tells the voice.
        #expect(medianPitch(again.samples) < 150)
    }

    @Test("An utterance naming a voice espeak-ng does not have is refused before it is queued")
    func unknownVoiceIsRefused() async throws {
        await #expect(throws: SpeechError.unknownVariant("pl+f9", variant: "f9")) {
            _ = try await TestEngine.render("Dzień dobry.", voice: VoiceRequest(locale: "pl", voice: "pl+f9"))
        }
    }
}

/// The median fundamental frequency of the loud 40 ms frames of 22050 Hz speech, by autocorrelation
/// over 70-400 Hz.
func medianPitch(_ samples: [Int16], sampleRate: Int = 22050) -> Double {
    let frame = sampleRate / 25
    var pitches: [Double] = []
    for start in stride(from: 0, to: samples.count - frame, by: frame) {
        let window = samples[start..<start + frame].map(Double.init)
        guard rms(samples[start..<start + frame]) > 1000 else { continue }
        var best = (correlation: -Double.infinity, lag: 1)
        for lag in (sampleRate / 400)..<(sampleRate / 70) {
            var sum = 0.0
            for index in 0..<(frame - lag) { sum += window[index] * window[index + lag] }
            if sum > best.correlation { best = (sum, lag) }
        }
        pitches.append(Double(sampleRate) / Double(best.lag))
    }
    pitches.sort()
    return pitches.isEmpty ? 0 : pitches[pitches.count / 2]
}
