import Foundation
import NarratorVoice
import Testing

@testable import NarratorAudio

/// The mixing rule and the bookkeeping of the writer, on the shared state alone (no thread).
@Suite("Mixer state: the mixing rule")
struct MixerStateTests {
    private func state(slice: Int = 4) -> MixerState {
        MixerState(output: OutputStatus(output: "test"), sampleRate: 22050, sliceFrames: slice)
    }

    @Test("Speech alone is written as the engine made it: full loudness, sample for sample")
    func speechAloneAtFullLevel() {
        var state = state()
        state.speech.begin(1)
        state.speech.append(.pcm([Int16.max, Int16.min, 1001, -7]))
        var out = [Int16](repeating: 0, count: 4)
        state.mix(into: &out)
        #expect(out == [Int16.max, Int16.min, 1001, -7])
    }

    @Test("Speech and earcons that fit add up sample-exact; an earcon plays at its gain")
    func sumsThatFitAreExact() {
        var state = state()
        state.speech.begin(1)
        state.speech.append(.pcm([20000, -20000, 1001, 0]))
        state.earcons.append(.init(samples: [8192, -8192, 8192, 8192]))
        state.earcons.append(.init(samples: [1000, 1000, 1001, -1000], gain: 0.5))
        var out = [Int16](repeating: 0, count: 4)
        state.mix(into: &out)
        // 1001 + 8192 + 500.5 rounds half away from zero.
        let expected: [Int16] = [28692, -27692, 9694, 7692]
        #expect(out == expected)
    }

    @Test("Full-scale speech plus five notes is turned down, never wrapped")
    func loudSumsAreTurnedDown() {
        var state = state(slice: 2)
        state.speech.begin(1)
        state.speech.append(.pcm([Int16.max, Int16.min]))
        for _ in 0..<5 { state.earcons.append(.init(samples: [8192, -8192])) }
        var out = [Int16](repeating: 0, count: 2)
        state.mix(into: &out)
        #expect(out[0] == Int16.max && out[1] <= -Int16.max, "\(out)")
        #expect(state.limiter.gain < 0.45)
    }

    @Test("Speech plus a chord at twice its gain, whole phrases of it, never clips: no run of full-scale samples")
    func chordUnderSpeechNeverClips() {
        var state = state(slice: 220)
        // A loud vowel (a 150 Hz tone near full scale) under a three-note chord played at 200 %.
        let speech = (0..<22000).map { Int16(30000 * sin(2 * Double.pi * 150 * Double($0) / 22050)) }
        let chord = (0..<1543).map { index in
            [523.25, 659.26, 783.99].reduce(0.0) { $0 + 8192 * sin(2 * Double.pi * $1 * Double(index) / 22050) }
        }
        state.speech.begin(1)
        state.speech.append(.pcm(speech))
        state.earcons.append(.init(samples: chord.map { Int16($0) }, gain: 2))
        var written: [Int16] = []
        var out = [Int16](repeating: 0, count: 220)
        for _ in 0..<100 {
            state.mix(into: &out)
            written += out
        }
        #expect(written.count == speech.count)
        let runs = zip(written, written.dropFirst()).count { abs(Int($0)) >= Int(Int16.max) && $0 == $1 }
        #expect(runs == 0, "full-scale samples in a row: the sum was clipped")
        #expect(written.contains { abs(Int($0)) >= 32000 }, "the mix is not at full loudness")
        // Once the chord has ended and the limiter let go, speech is exact again.
        #expect(written.suffix(220) == speech.suffix(220))
    }

    @Test("Marks get the frame where they sit, and are heard in order once playback passes them")
    func marksAtTheirFrames() {
        var state = state(slice: 4)
        state.speech.begin(1)
        state.speech.append(.pcm([1, 1]))
        state.speech.append(.mark({ _ in }))
        state.speech.append(.pcm([1, 1, 1]))
        var out = [Int16](repeating: 0, count: 4)
        state.mix(into: &out)
        state.written += 4
        #expect(state.waitingToBeHeard.map(\.frame) == [2])
        #expect(state.heard(upTo: 1).isEmpty)
        #expect(state.heard(upTo: 2).count == 1)
        #expect(state.speech.queuedFrames == 1)
    }

    @Test("A cut writes back the earcons' part of the dropped frames, and nothing when they were silent")
    func rewindKeepsEarcons() {
        var state = state(slice: 4)
        state.speech.begin(1)
        state.speech.append(.pcm([1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]))
        state.earcons.append(.init(samples: [0, 0, 0, 0, 0, 0, 2000, 2000]))
        var out = [Int16](repeating: 0, count: 4)
        state.mix(into: &out)
        state.written += 4
        state.mix(into: &out)
        state.written += 4
        #expect(state.rewind(2) == [2000, 2000])
        #expect(state.written == 6)
        #expect(state.rewind(2).isEmpty)
    }

    @Test("A slice never pads speech that is still arriving; with an earcon sounding it is whole")
    func sliceLength() {
        var state = state(slice: 10)
        state.speech.begin(1)
        state.speech.append(.pcm([1, 2, 3]))
        #expect(state.nextSliceLength(10) == 3)
        state.earcons.append(.init(samples: [1]))
        #expect(state.nextSliceLength(10) == 10)
    }
}
