import Foundation
import Testing

@testable import NarratorAudio

/// The mixer's limiter as a pure value: its threshold, attack, hold and release as docs/AUDIO.md
/// states them.
@Suite("The limiter: full loudness when it fits, turned down when it does not")
struct LimiterTests {
    static let rate = 22050
    static let attack = rate * Limiter.attackMilliseconds / 1000
    static let hold = rate * Limiter.holdMilliseconds / 1000
    static let release = rate * Limiter.releaseMilliseconds / 1000

    /// Runs `sums` through a new limiter in slices of `slice`; returns what it wrote, and the gain of
    /// each sample as read from it (the limiter's own for a sum of 0).
    static func run(_ sums: [Double], slice: Int = 220) -> (out: [Int16], gains: [Double]) {
        var limiter = Limiter(sampleRate: rate)
        var out: [Int16] = []
        var gains: [Double] = []
        for start in stride(from: 0, to: sums.count, by: slice) {
            let part = Array(sums[start..<min(sums.count, start + slice)])
            var written = [Int16](repeating: 0, count: part.count)
            limiter.limit(part, into: &written)
            out += written
            gains += zip(written, part).map { $1 == 0 ? limiter.gain : Double($0) / $1 }
        }
        return (out, gains)
    }

    @Test("Sums within 16 bits pass unchanged, the extremes included")
    func fitsUnchanged() {
        let sums: [Double] = [0, 1, -1, 32767, -32768, 12345.4, -12345.6]
        #expect(Self.run(sums).out == [0, 1, -1, 32767, -32768, 12345, -12346])
    }

    @Test("No sum, however loud, passes 16 bits, and none changes sign", arguments: [1, 7, 220])
    func neverPasses(slice: Int) {
        var generator = SystemRandomNumberGenerator()
        let sums = (0..<22050).map { _ in Double.random(in: -200_000...200_000, using: &generator) }
        let out = Self.run(sums, slice: slice).out
        #expect(zip(sums, out).allSatisfy { sum, sample in sample == 0 || (sum > 0) == (sample > 0) })
        #expect(out.contains(Int16.max) || out.contains(Int16.min))
    }

    @Test("Attack: the gain starts falling 2 ms before a peak, falls in a line, and meets exactly what the peak needs")
    func attack() {
        var sums = [Double](repeating: 10000, count: 220)
        sums[200] = 65534
        let (out, gains) = Self.run(sums)
        #expect(out[200] == Int16.max)
        #expect(gains[..<(200 - Self.attack)].allSatisfy { $0 == 1 })
        let ramp = gains[(200 - Self.attack)...200]
        #expect(zip(ramp, ramp.dropFirst()).allSatisfy { $0 > $1 }, "falls all the way")
        let step = (1 - 0.5) / Double(Self.attack)
        #expect(zip(ramp, ramp.dropFirst()).allSatisfy { abs(($0 - $1) - step) < 0.001 }, "in a line")
    }

    @Test("Hold 10 ms, then release: what is left of the reduction shrinks by e every 50 ms")
    func holdAndRelease() {
        var sums = [Double](repeating: 10000, count: 22050)
        sums[100] = 65534
        let gains = Self.run(sums).gains
        #expect(gains[100...(100 + Self.hold)].allSatisfy { abs($0 - 0.5) < 1e-4 })
        let released = gains[100 + Self.hold + Self.release]
        #expect(abs((1 - released) - 0.5 / M_E) < 0.002, "\(released)")
        #expect(gains.last == 1, "back to exactly 1")
        #expect(Self.run(sums).out.suffix(1000).allSatisfy { $0 == 10000 })
    }

    @Test("A peak at a slice's start gets a steeper fall: the slice before is already written")
    func peakAtSliceStart() {
        var sums = [Double](repeating: 1000, count: 440)
        sums[220] = 65534
        let (out, gains) = Self.run(sums)
        #expect(gains[..<220].allSatisfy { $0 == 1 })
        #expect(out[220] == Int16.max)
    }

    @Test("reset: full gain again, as after silence")
    func reset() {
        var limiter = Limiter(sampleRate: Self.rate)
        var out = [Int16](repeating: 0, count: 1)
        limiter.limit([100_000], into: &out)
        #expect(limiter.gain < 1)
        limiter.reset()
        limiter.limit([20000], into: &out)
        #expect(out == [20000] && limiter.gain == 1)
    }
}
