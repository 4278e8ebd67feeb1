import Dispatch
import Foundation
import Logging
import NarratorVoice
import Testing

@testable import NarratorAudio

/// `realtime-wav:PATH`: a file that records what a player hears, in the time they hear it.
@Suite("Real-time WAV output")
struct RealTimeWAVTests {
    static let rate = 22050

    /// The samples of a mono 16-bit WAV file, after its 44-byte header (whose data size must match).
    static func samples(_ path: String) throws -> [Int16] {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count >= 44)
        let size = Int(bytes[40]) | Int(bytes[41]) << 8 | Int(bytes[42]) << 16 | Int(bytes[43]) << 24
        #expect(size == bytes.count - 44, "the header's data size is not the file's")
        return stride(from: 44, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
    }

    static func withMixer(_ body: (Mixer, String, ContinuousClock.Instant) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-rt-\(UUID()).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let opened = ContinuousClock.now
        let opener = try AudioOutput(argument: "mono:realtime-wav:" + path).map { try $0.opener(sampleRate: rate) }
        let mixer = Mixer(opener: try #require(opener), sampleRate: rate, logger: Logger(label: "test"))
        defer { mixer.close() }
        try body(mixer, path, opened)
    }

    static func frames(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * rate + Int(attoseconds / 1_000_000_000_000) * rate / 1_000_000
    }

    @Test("Two sounds 0.4 s apart: the file holds them where they were heard, silence between, and lasts as long")
    func keepsTheTimeBetweenSounds() throws {
        try Self.withMixer { mixer, path, opened in
            let tone = [Int16](repeating: 5000, count: Self.rate / 10)
            try mixer.play(tone)
            #expect(mixer.waitUntilQuiet())
            let first = ContinuousClock.now - opened
            // The gap is part of what is recorded, not a wait for something to happen.
            Thread.sleep(forTimeInterval: 0.4)
            let secondStart = ContinuousClock.now - opened
            try mixer.play(tone)
            #expect(mixer.waitUntilQuiet())
            let end = ContinuousClock.now - opened

            let samples = try Self.samples(path)
            // As long as the time from the output's start to the end of the second sound (a few ms of
            // scheduling either way).
            #expect(abs(samples.count - Self.frames(end)) < Self.rate / 20, "\(samples.count) frames for \(end)")
            let sounding = samples.indices.filter { samples[$0] != 0 }
            try #require(sounding.count == 2 * tone.count, "both sounds, whole")
            // The first sound is heard at once, and the second where it was played.
            #expect(sounding[0] < Self.rate / 20, "the first sound starts \(sounding[0]) frames in")
            #expect(sounding[0] + tone.count <= Self.frames(first) + Self.rate / 100)
            let secondAt = try #require(sounding.first { $0 > sounding[0] + tone.count })
            #expect(abs(secondAt - Self.frames(secondStart)) < Self.rate / 20, "\(secondAt) vs \(secondStart)")
            #expect(samples[(sounding[0] + tone.count)..<secondAt].allSatisfy { $0 == 0 })
        }
    }

    @Test("Speech cut after 0.2 s of 2 s: the file ends where the cut was heard")
    func cutSpeechIsCutInTheFile() throws {
        try Self.withMixer { mixer, path, opened in
            let sink = mixer.speech
            let heard = DispatchSemaphore(value: 0)
            let ended = DispatchSemaphore(value: 0)
            sink.begin(utterance: 1)
            let speech = [Int16](repeating: 3000, count: Self.rate * 2)
            _ = speech.prefix(Self.rate / 5).withUnsafeBufferPointer { sink.write($0) }
            sink.mark { _ in heard.signal() }
            _ = speech.dropFirst(Self.rate / 5).withUnsafeBufferPointer { sink.write($0) }
            sink.finish { result in
                #expect(result == .interrupted)
                ended.signal()
            }
            #expect(heard.wait(timeout: .now() + 5) == .success)
            sink.interrupt(utterance: 1)
            let cut = ContinuousClock.now - opened
            #expect(ended.wait(timeout: .now() + 5) == .success)
            #expect(mixer.waitUntilQuiet())

            let samples = try Self.samples(path)
            #expect(samples.count >= Self.rate / 5, "what was heard before the cut stays")
            #expect(samples.count <= Self.frames(cut) + Self.rate / 100, "\(samples.count) frames, cut at \(cut)")
            // The few milliseconds between the output's start and the first write are silence.
            // Then speech (at the mixer's level for it) to the end: no silence after the cut.
            let spoken = samples.drop { $0 == 0 }
            #expect(Set(spoken).count == 1, "\(Set(spoken))")
            #expect(samples.prefix { $0 == 0 }.count < Self.rate / 20)
        }
    }
}
