import NarratorVoice
import Testing

@testable import NarratorAudio

/// The mixing rule and the bookkeeping of the writer, on the shared state alone (no thread).
@Suite("Mixer state: the mixing rule")
struct MixerStateTests {
    private func state(slice: Int = 4) -> MixerState {
        MixerState(output: OutputStatus(output: "test"), sampleRate: 22050, sliceFrames: slice)
    }

    @Test("Speech and earcons each get half the range: the sum is sample-exact")
    func halvesAddUp() {
        var state = state()
        state.speech.begin(1)
        state.speech.append(.pcm([20000, -20000, 1001, 0]))
        state.earcons.append(.init(samples: [8192, -8192, 8192, 8192]))
        var out = [Int16](repeating: 0, count: 4)
        state.mix(into: &out)
        let expected: [Int16] = [10000 + 4096, -10000 - 4096, 500 + 4096, 4096]
        #expect(out == expected)
    }

    @Test("Five notes at gain 1 saturate the earcon bus; with full-scale speech nothing wraps")
    func saturatesWithoutWrapping() {
        var state = state(slice: 2)
        state.speech.begin(1)
        state.speech.append(.pcm([Int16.max, Int16.min]))
        for _ in 0..<5 { state.earcons.append(.init(samples: [8192, -8192])) }
        var out = [Int16](repeating: 0, count: 2)
        state.mix(into: &out)
        #expect(out == [Int16.max - 1, Int16.min])
    }

    @Test("Speech plus a chord of three notes at full gain never clips")
    func chordUnderSpeechFits() {
        var state = state(slice: 1)
        state.speech.begin(1)
        state.speech.append(.pcm([Int16.max]))
        for _ in 0..<3 { state.earcons.append(.init(samples: [8192])) }
        var out = [Int16](repeating: 0, count: 1)
        state.mix(into: &out)
        let expected: Int16 = Int16.max / 2 + 3 * 4096
        #expect(out == [expected])
        #expect(Int(Int16.max / 2) + 3 * 4096 < Int(Int16.max))
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
        #expect(state.rewind(2) == [1000, 1000])
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
