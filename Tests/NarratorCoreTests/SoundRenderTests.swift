import NarratorCore
import NarratorTestSupport
import Testing

/// Rendering: the loudness rule the mixer relies on, waveform shapes, envelopes.
@Suite("Sound rendering")
struct SoundRenderTests {
    typealias F = SoundFixtures
    static let peak = Double(SoundBook.unitPeak)

    /// One tone without envelope, `ms` long, rendered at 22050 Hz.
    static func tone(_ members: String, rate: Int = F.rate) throws -> [Int16] {
        try F.book(#"{"t": {\#(members)}}"#).render("t", arguments: [:], sampleRate: rate)
    }

    @Test("a tone at gain 1 peaks at a quarter of full scale, within 1 %", arguments: ["sine", "triangle", "square"])
    func unitPeak(_ waveform: String) throws {
        let samples = try Self.tone(#""tone": "\#(waveform)", "hz": 440, "ms": 500"#)
        #expect(abs(Double(samples.peak) - Self.peak) <= 0.01 * Self.peak, "\(samples.peak)")
        #expect(samples.peak <= SoundBook.unitPeak)
    }

    @Test("gain scales the peak, and chord parts add up")
    func gainAndChords() throws {
        let half = try Self.tone(#""tone": "sine", "hz": 440, "ms": 500, "gain": 0.5"#)
        #expect(abs(Double(half.peak) - Self.peak / 2) <= 0.01 * Self.peak / 2)
        let book = try F.book(
            #"{"a": {"tone": "square", "hz": 500, "ms": 100}, "two": {"chord": ["a", "a"]}}"#)
        let two = try book.render("two", arguments: [:], sampleRate: F.rate)
        #expect(two.peak == 2 * SoundBook.unitPeak)
    }

    @Test("a rendered tone's energy is at its frequency, wherever it is written in hz or as a note")
    func energyAtFrequency() throws {
        let samples = try Self.tone(#""tone": "sine", "hz": 1234.5, "ms": 200"#)
        let rate = Double(F.rate)
        let at = Goertzel.amplitude(of: 1234.5, in: samples, sampleRate: rate)
        #expect(abs(at - Self.peak) < 0.05 * Self.peak)
        for other in [617.25, 1100.0, 1400.0, 2469.0] {
            #expect(Goertzel.amplitude(of: other, in: samples, sampleRate: rate) < 0.05 * Self.peak, "\(other) Hz")
        }
        #expect(
            try Self.tone(#""tone": "sine", "note": "A4", "ms": 50"#)
                == Self.tone(#""tone": "sine", "hz": 440, "ms": 50"#))
    }

    @Test("shapes: a square is always at its peak, a triangle averages half of it, a sine 2/π of it")
    func shapes() throws {
        func meanMagnitude(_ samples: [Int16]) -> Double {
            samples.reduce(0.0) { $0 + abs(Double($1)) } / Double(samples.count) / Self.peak
        }
        let square = try Self.tone(#""tone": "square", "hz": 441, "ms": 200"#)
        #expect(square.allSatisfy { abs(Int($0)) == SoundBook.unitPeak })
        #expect(abs(meanMagnitude(try Self.tone(#""tone": "triangle", "hz": 441, "ms": 200"#)) - 0.5) < 0.01)
        #expect(abs(meanMagnitude(try Self.tone(#""tone": "sine", "hz": 441, "ms": 200"#)) - 2 / Double.pi) < 0.01)
    }

    @Test("noise stays within the peak, averages zero, varies, and renders the same twice")
    func noise() throws {
        let samples = try Self.tone(#""tone": "noise", "ms": 500"#)
        #expect(samples.peak <= SoundBook.unitPeak && samples.peak > SoundBook.unitPeak * 9 / 10)
        let mean = samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count)
        #expect(abs(mean) < 0.05 * Self.peak)
        #expect(Set(samples).count > samples.count / 2)
        #expect(try Self.tone(#""tone": "noise", "ms": 500"#) == samples)
    }

    @Test("the envelope rises from silence over the attack and falls to silence over the decay")
    func envelope() throws {
        let samples = try Self.tone(#""tone": "square", "hz": 441, "ms": 100, "attack_ms": 10, "decay_ms": 20"#)
        let attack = F.samples(10)
        #expect(samples.first == 0 && samples.last == 0)
        #expect(abs(Int(samples[attack / 2])) < SoundBook.unitPeak * 6 / 10)
        #expect(samples[attack..<(samples.count - F.samples(20))].allSatisfy { abs(Int($0)) == SoundBook.unitPeak })
    }

    @Test("a sequence is the sum of its rounded elements; a slot cuts a longer sound")
    func sequenceLengths() throws {
        let book = try F.book(
            #"""
            {"n": {"tone": "sine", "hz": 300, "ms": 10.3},
             "s": {"sequence": ["n", "n", {"sound": "n", "slot_ms": 5}], "gap_ms": 1.1, "repeat": 3, "repeat_gap_ms": 2.9}}
            """#)
        let rate = 44100
        let body = 2 * F.samples(10.3, rate: rate) + F.samples(5, rate: rate) + 2 * F.samples(1.1, rate: rate)
        let expected = 3 * body + 2 * F.samples(2.9, rate: rate)
        #expect(try book.render("s", arguments: [:], sampleRate: rate).count == expected)
    }
}
