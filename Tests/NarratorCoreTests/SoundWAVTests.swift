import Glibc
import NarratorCore
import NarratorLocalization
import NarratorTestSupport
import NarratorWire
import Testing

/// WAV files beside sounds.json: 16-bit PCM only, downmixed, resampled, scaled like tones.
@Suite("Sound book WAV files")
struct SoundWAVTests {
    typealias F = SoundFixtures

    /// A sine of `amplitude` at `hertz`, `count` frames at `rate`.
    static func sine(_ hertz: Double, amplitude: Double, rate: Int, count: Int) -> [Int16] {
        (0..<count).map { Int16((amplitude * sin(2 * Double.pi * hertz * Double($0) / Double(rate))).rounded()) }
    }

    @Test("a mono file at the render rate keeps its length; full scale becomes a quarter of full scale times gain")
    func mono() throws {
        let frames: [Int16] = (0..<1000).map { $0 % 2 == 0 ? Int16.max : Int16.min }
        let book = try F.book(
            #"{"w": {"wav": "w.wav"}, "quiet": {"wav": "w.wav", "gain": 0.5}}"#,
            files: ["w.wav": F.wav(channels: 1, rate: F.rate, frames: frames)])
        let loud = try book.render("w", arguments: [:], sampleRate: F.rate)
        #expect(loud.count == 1000)
        #expect(loud.peak == SoundBook.unitPeak)
        #expect(abs(try book.render("quiet", arguments: [:], sampleRate: F.rate).peak - SoundBook.unitPeak / 2) <= 1)
    }

    @Test("a stereo file is the mean of its two channels")
    func stereo() throws {
        // Left 16000, right 0: the mean is 8000, played at a quarter: 2000.
        let frames = (0..<100).flatMap { _ -> [Int16] in [16000, 0] }
        let book = try F.book(
            #"{"w": {"wav": "s.wav"}}"#, files: ["s.wav": F.wav(channels: 2, rate: F.rate, frames: frames)])
        let samples = try book.render("w", arguments: [:], sampleRate: F.rate)
        #expect(samples.count == 100)
        #expect(samples.allSatisfy { $0 == 2000 })
    }

    @Test("a 44.1 kHz file is resampled to the render rate, keeping its length and its pitch")
    func resampled() throws {
        let frames = Self.sine(1000, amplitude: 20000, rate: 44100, count: 4410)
        let book = try F.book(
            #"{"w": {"wav": "hi.wav"}}"#, files: ["hi.wav": F.wav(channels: 1, rate: 44100, frames: frames)])
        let samples = try book.render("w", arguments: [:], sampleRate: F.rate)
        #expect(samples.count == F.samples(100))
        let expected = 20000.0 / 4
        #expect(abs(Goertzel.amplitude(of: 1000, in: samples, sampleRate: Double(F.rate)) - expected) < 0.02 * expected)
        #expect(Goertzel.amplitude(of: 2000, in: samples, sampleRate: Double(F.rate)) < 0.02 * expected)
    }

    @Test("an 8-bit file is refused at the line naming it, saying how to convert it")
    func eightBitRefused() throws {
        let json = """
            {"version": 1, "sounds": {
              "ok": {"tone": "sine", "note": "C5", "ms": 30},
              "crash": {"wav": "crash.wav"}
            }}
            """
        let error = try #require(
            F.loadError(json, files: ["crash.wav": F.wav(channels: 1, rate: 8000, bits: 8, frames: [0, 100, 200])]))
        #expect(error.position.line == 3 && error.sound == "crash")
        #expect(error.reason.contains("not 16-bit PCM") && error.reason.contains("sox"))
    }

    @Test(
        "an unreadable file, a file that is not WAV, and a name leaving the folder are refused at their line",
        arguments: [
            ("missing.wav", "cannot read \"missing.wav\""), ("text.wav", "is not a WAV file"),
            ("../secret.wav", "inside the book's folder"), ("/etc/passwd", "inside the book's folder"),
            ("a//b.wav", "inside the book's folder"),
        ])
    func badFiles(_ name: String, _ fragment: String) throws {
        let json = "{\"version\": 1, \"sounds\": {\n\"x\": {\"wav\": \"\(name)\"}}}"
        let error = try #require(F.loadError(json, files: ["text.wav": Array("hello, not a wav file".utf8)]))
        #expect(error.position.line == 2 && error.position.column == 14)
        #expect(error.reason.contains(fragment), "\(error.reason)")
    }

    @Test("a file longer than 10 s is refused")
    func tooLong() throws {
        let frames = [Int16](repeating: 0, count: 8000 * 11)
        let error = try #require(
            F.loadError(
                #"{"version": 1, "sounds": {"x": {"wav": "long.wav"}}}"#,
                files: ["long.wav": F.wav(channels: 1, rate: 8000, frames: frames)]))
        #expect(error.reason.contains("lasts 11000 ms"))
    }
}
