import Foundation
import Logging
import NarratorAudio
import NarratorCore
import NarratorJSON
import NarratorLocalization
import NarratorSpeech
import NarratorTestSupport
import NarratorWire
import Synchronization
import Testing

/// Earcons mixed with speech through a real PulseAudio, recorded from its null sink's monitor and
/// checked as numbers: lengths, notes (Goertzel), and the speech beside them.
@Suite("Earcons through PulseAudio", .serialized)
struct EarconPlaybackTests {
    static let rate = Double(PrivatePulseAudio.sampleRate)
    static let c5 = 523.25, e5 = 659.26, g5 = 783.99, a4 = 440.0, b5 = 987.77, gSharp4 = 415.30
    static let d4 = 293.66, f4 = 349.23

    /// The shipped RetroRacing sound book.
    static func book() throws -> SoundBook {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("Localization/retroracing/sounds.json").path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try SoundBook(name: path, bytes: bytes)
    }

    static func arguments(_ left: Bool, _ middle: Bool, _ right: Bool) -> [String: JSONValue] {
        ["left": .bool(left), "middle": .bool(middle), "right": .bool(right)]
    }

    /// A sound of the book, its length by GAME.md, and the notes it must hold in order (one per
    /// window of `noteMilliseconds` starting at each offset), checked on the recording.
    struct Expectation: Sendable, CustomTestStringConvertible {
        let sound: String
        let arguments: [String: JSONValue]
        let milliseconds: Double
        /// Start (ms from the onset) and frequency of each note, in order.
        let notes: [(ms: Double, hertz: Double)]
        let noteMilliseconds: Double
        var testDescription: String { sound }
    }

    static let expectations: [Expectation] = [
        .init(
            sound: "lane_pulses", arguments: arguments(true, false, true), milliseconds: 90,
            notes: [(0, c5), (60, g5)], noteMilliseconds: 25),
        .init(
            sound: "lane_arpeggio", arguments: arguments(true, true, true), milliseconds: 108,
            notes: [(0, c5), (36, e5), (72, g5)], noteMilliseconds: 30),
        .init(sound: "no_safe_lane", arguments: [:], milliseconds: 70, notes: [(0, a4)], noteMilliseconds: 60),
        .init(sound: "move_safe", arguments: [:], milliseconds: 40, notes: [(0, b5)], noteMilliseconds: 35),
        .init(sound: "move_unsafe", arguments: [:], milliseconds: 40, notes: [(0, gSharp4)], noteMilliseconds: 35),
        .init(
            sound: "speed_up", arguments: [:], milliseconds: 284,
            notes: [(0, d4), (46, f4), (92, a4), (158, d4), (204, f4), (250, a4)], noteMilliseconds: 34),
    ]

    @Test(
        "Each RetroRacing sound, recorded, has its notes in order, ends where it should, and is the sound rendered",
        arguments: expectations)
    func soundsAsRecorded(_ expected: Expectation) async throws {
        // Recorded without rewinds: the monitor then holds every sample played (see
        // `PrivatePulseAudio.start`).
        try await withMixerOnPulse(rewinds: false) { _, mixer, recorder in
            let samples = try Self.book().render(
                expected.sound, arguments: expected.arguments, sampleRate: PrivatePulseAudio.sampleRate)
            let before = recorder.count
            try mixer.play(mixer.centred(samples))
            let loud = try #require(recorder.waitForSound(after: before, threshold: 40), "nothing was heard")
            #expect(recorder.waitForSamples(loud + samples.count + 2205))
            // The recording is the rendered sound, as the mixer plays it alone, sample for sample:
            // find where it sits, then what was heard is exactly as long as what was rendered, with
            // silence around it.
            let area = recorder.samples(in: (loud - 500)..<(loud + samples.count + 2205))
            let lag = try #require(bestLag(samples, in: area), "the sound is not in the recording")
            let deviation = zip(samples, area[lag...]).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(deviation <= 1, "the recording differs from the sound by up to \(deviation)")
            #expect(area[(lag + samples.count)...].allSatisfy { abs($0) <= 40 }, "sound after the earcon ended")
            #expect(area[..<lag].allSatisfy { abs($0) <= 40 }, "sound before the earcon began")
            // Heard from the first audible sample to the last.
            let first = try #require(area.firstIndex { abs($0) > 40 })
            let last = try #require(area.lastIndex { abs($0) > 40 })
            let heard = Double(last + 1 - first) / Self.rate * 1000
            #expect(
                abs(heard - expected.milliseconds) <= 2, "\(heard) ms heard, GAME.md gives \(expected.milliseconds)")
            let onset = (loud - 500) + lag
            let window = Int(expected.noteMilliseconds / 1000 * Self.rate)
            let candidates = Set(expected.notes.map(\.hertz))
            for note in expected.notes {
                let start = Int(note.ms / 1000 * Self.rate)
                let part = Array(recorder.samples(in: (onset + start)..<(onset + start + window)))
                let strength = Goertzel.amplitude(of: note.hertz, in: part, sampleRate: Self.rate)
                #expect(strength > 1000, "\(note.hertz) Hz at \(note.ms) ms: \(strength)")
                for other in candidates where other != note.hertz {
                    let leak = Goertzel.amplitude(of: other, in: part, sampleRate: Self.rate)
                    #expect(leak < strength / 3, "\(other) Hz heard where \(note.hertz) Hz should be")
                }
            }
        }
    }

    @Test("A chord under speech that fits: the recording is the speech and the three notes at their gain, exactly")
    func chordUnderSpeech() async throws {
        // Without rewinds, so the recording holds the phrase's first samples too (`PrivatePulseAudio.start`).
        try await withMixerOnPulse(rewinds: false) { engine, mixer, recorder in
            let memory = MemorySink()
            let id = TestEngine.nextID()
            let before = recorder.count
            let chord = try Self.book().render(
                "lane_chord", arguments: Self.arguments(true, true, true), sampleRate: PrivatePulseAudio.sampleRate)
            // Queued here, not in a task: a task could wait for a cooperative thread that this
            // test's own blocking waits (and other tests') hold.
            let ended = DispatchSemaphore(value: 0)
            let outcome = Mutex<SpeakerEvent?>(nil)
            // Speech at half its volume and the chord at half its gain: their sum fits in 16 bits, so
            // the limiter has nothing to do and the mix is their exact sum.
            let request = SpeechRequest(
                id: id, text: "Two lives remaining, speed increasing.", voice: VoiceRequest(volume: 50))
            try engine.speak(request, to: TeeSink(mixer.speech, memory)) { event in
                switch event {
                case .finished, .stopped, .failed:
                    outcome.withLock { $0 = event }
                    ended.signal()
                case .started, .sentence, .mark: break
                }
            }
            let onset = try #require(recorder.waitForSound(after: before), "no speech was heard")
            // Half a second into the phrase, measured in recorded audio.
            #expect(recorder.waitForSamples(onset + 11025))
            try mixer.play(mixer.centred(chord), gain: 0.5)
            #expect(ended.wait(timeout: .now() + 20) == .success)
            #expect(outcome.withLock { $0 } == .finished(id))
            let speech = memory.samples(of: id)
            #expect(Loudness.peak([speech]) + Loudness.peak([chord]) / 2 < Int(Int16.max), "the sum may not fit")
            #expect(recorder.waitForSamples(onset + speech.count + 2205))
            let recorded = recorder.samples(in: (onset - 1000)..<(onset + speech.count + 2205))
            #expect(recorded.allSatisfy { $0 != Int16.max && $0 != Int16.min }, "the mix clipped")
            // Align the speech alone with the recording; what is left is the chord and nothing else.
            let lag = try #require(bestLag(speech, in: recorded), "the speech is not in the recording")
            var residue = recorded.map(Int.init)
            for (index, sample) in speech.enumerated() { residue[lag + index] -= Int(sample) }
            // The part that is not speech: the longest run of residue (a stray sample at the
            // phrase's first millisecond, where synthesis and playback may differ by one, is not it).
            let loud = residue.indices.filter { abs(residue[$0]) > 64 }
            var runs: [ClosedRange<Int>] = []
            for index in loud {
                if let last = runs.last, index - last.upperBound < 200 {
                    runs[runs.count - 1] = last.lowerBound...index
                } else {
                    runs.append(index...index)
                }
            }
            let run = try #require(runs.max { $0.count < $1.count })
            let first = run.lowerBound, last = run.upperBound
            let heardMilliseconds = Double(last - first + 1) / Self.rate * 1000
            #expect(abs(heardMilliseconds - 70) < 3, "the part that is not speech lasts \(heardMilliseconds) ms")
            let outside = loud.count - loud.filter { run.contains($0) }.count
            #expect(outside < 50, "\(outside) samples of the recording are neither the speech nor the chord")
            let chordPart = residue[first...last].map { Int16(clamping: $0) }
            for note in [Self.c5, Self.e5, Self.g5] {
                let strength = Goertzel.amplitude(of: note, in: chordPart, sampleRate: Self.rate)
                #expect(strength > 1500, "\(note) Hz: \(strength)")
            }
            // At half its gain, exactly: each sample of the chord halved, rounded half away from zero.
            let expected = chord.map { Int((Double($0) / 2).rounded()) }
            let chordStart = first - (try #require(expected.firstIndex { abs($0) > 64 }))
            let differences = zip(residue[max(0, chordStart)...], expected).map { abs($0 - $1) }
            #expect(
                chordStart >= 0 && (differences.max() ?? 0) <= 1,
                "not the chord at half gain: \(differences.max() ?? 0)")
            #expect(Goertzel.amplitude(of: Self.a4, in: chordPart, sampleRate: Self.rate) < 300)
        }
    }

    @Test("Stopping speech during the speed-up chirp leaves the chirp whole, and the next phrase does not cut it")
    func stopDuringEarcon() async throws {
        try await withMixerOnPulse { engine, mixer, recorder in
            let id = TestEngine.nextID()
            let before = recorder.count
            let chirp = try Self.book().render("speed_up", arguments: [:], sampleRate: PrivatePulseAudio.sampleRate)
            let stopped = DispatchSemaphore(value: 0)
            try engine.speak(SpeechRequest(id: id, text: StopTests.longText), to: mixer.speech) { event in
                if case .stopped = event { stopped.signal() }
            }
            let onset = try #require(recorder.waitForSound(after: before), "no speech was heard")
            #expect(recorder.waitForSamples(onset + 11025))
            // The chirp may be heard a little before the recorder has counted up to now.
            let played = recorder.count - 4410
            try mixer.play(mixer.centred(chirp))
            engine.stop(id)
            #expect(stopped.wait(timeout: .now() + 10) == .success, "the long phrase was not stopped")
            let nextID = TestEngine.nextID()
            let next = try await engine.speakAndWait(SpeechRequest(id: nextID, text: "Pause."), to: mixer.speech)
            #expect(next == .finished(nextID))
            #expect(recorder.waitForSamples(played + 22050))
            let area = recorder.samples(in: played..<(played + 22050))
            // Where the whole chirp fits best: the start whose six note windows together hold the
            // most of their notes (a matched filter; one note alone could be taken for another).
            let notes: [(ms: Double, hertz: Double)] = [
                (0, Self.d4), (46, Self.f4), (92, Self.a4), (158, Self.d4), (204, Self.f4), (250, Self.a4),
            ]
            let window = Int(0.034 * Self.rate)
            func strengths(at start: Int) -> [Double] {
                notes.map { note in
                    let offset = start + Int(note.ms / 1000 * Self.rate)
                    return Goertzel.amplitude(
                        of: note.hertz, in: area[offset..<(offset + window)], sampleRate: Self.rate)
                }
            }
            let start = try #require(
                stride(from: 0, to: 11025, by: 22).max {
                    strengths(at: $0).reduce(0, +) < strengths(at: $1).reduce(0, +)
                })
            for (note, strength) in zip(notes, strengths(at: start)) {
                #expect(strength > 1500, "\(note.hertz) Hz at \(note.ms) ms after the chirp began: \(strength)")
            }
        }
    }
}

/// The offset in `recording` where `reference` matches best, searched around the first loud sample.
func bestLag(_ reference: [Int16], in recording: [Int16]) -> Int? {
    guard recording.count >= reference.count,
        let firstLoud = recording.firstIndex(where: { abs(Int($0)) > 200 }),
        let referenceLoud = reference.firstIndex(where: { abs(Int($0)) > 200 })
    else { return nil }
    let guess = firstLoud - referenceLoud
    // Every sample of a short sound; every few of a long phrase (where aliasing cannot fool it).
    let step = max(1, reference.count / 2000)
    var best: (lag: Int, error: Int)?
    for lag in max(0, guess - 200)...min(recording.count - reference.count, guess + 200) {
        var error = 0
        for index in stride(from: 0, to: reference.count, by: step) {
            error += abs(Int(recording[lag + index]) - Int(reference[index]))
        }
        if best == nil || error < best!.error { best = (lag, error) }
    }
    return best?.lag
}
