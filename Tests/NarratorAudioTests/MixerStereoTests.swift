import Foundation
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorAudio

/// The mixing rule in stereo, on the shared state alone (no thread): speech placed by the pan law,
/// earcons as rendered (placed already), one limiter gain for both channels of a frame.
@Suite("Mixer state in stereo")
struct MixerStereoTests {
    private func state(slice: Int = 4) -> MixerState {
        MixerState(output: OutputStatus(output: "test"), sampleRate: 22050, sliceFrames: slice, channels: 2)
    }

    @Test("Centred speech is in both channels exactly as the engine made it; speech at the left only left")
    func speechPlaced() {
        var state = state()
        state.speech.begin(1)
        state.speech.append(.place(.centre))
        state.speech.append(.pcm([Int16.max, Int16.min, 1001, -7]))
        var out = [Int16](repeating: 0, count: 8)
        state.mix(into: &out)
        #expect(out == [Int16.max, Int16.max, Int16.min, Int16.min, 1001, 1001, -7, -7])
        state.speech.begin(2)
        state.speech.append(.place(.left))
        state.speech.append(.pcm([1000, -1000, 0, 20000]))
        state.mix(into: &out)
        // √2 × 1000 = 1414.2; 20000 × √2 would pass full scale and is limited, left only.
        #expect(out[0] == 1414 && out[2] == -1414)
        #expect(stride(from: 1, to: 8, by: 2).allSatisfy { out[$0] == 0 }, "\(out)")
    }

    @Test("The place of queued speech is its own utterance's: a new one begins placed, the old keeps its place")
    func placeTravelsWithTheAudio() {
        var state = state(slice: 2)
        state.speech.begin(1)
        state.speech.append(.place(.right))
        state.speech.append(.pcm([100]))
        state.speech.begin(2)
        state.speech.append(.place(.centre))
        state.speech.append(.pcm([100]))
        var out = [Int16](repeating: 0, count: 4)
        state.mix(into: &out)
        #expect(out == [0, 141, 100, 100])
    }

    @Test("Speech's gain (a volume above 100) multiplies it before the limiter, placed in stereo and unplaced in mono")
    func speechGain() {
        var state = state(slice: 2)
        state.speech.begin(1)
        state.speech.append(.place(.left, gain: 2))
        state.speech.append(.pcm([1000, -1000]))
        var out = [Int16](repeating: 0, count: 4)
        state.mix(into: &out)
        // 1000 × √2 × 2 = 2828.4, left only.
        #expect(out == [2828, 0, -2828, 0])
        var mono = MixerState(output: OutputStatus(output: "test"), sampleRate: 22050, sliceFrames: 3, channels: 1)
        mono.speech.begin(1)
        mono.speech.append(.place(.left, gain: 2))
        mono.speech.append(.pcm([1000, -1000, 30000]))
        var flat = [Int16](repeating: 0, count: 3)
        mono.mix(into: &flat)
        // 60000 does not fit: the limiter turns the slice down, it is not clipped flat.
        #expect(flat[2] == Int16.max && flat[0] < 2000 && flat[0] > 0, "\(flat)")
    }

    @Test("Earcons add frame by frame; a loud left sum turns both channels down by one gain, so it stays placed")
    func linkedLimiter() {
        var state = state(slice: 2)
        state.speech.begin(1)
        state.speech.append(.place(.centre))
        state.speech.append(.pcm([30000, 30000]))
        // An earcon on the left only pushes the left past full scale.
        state.earcons.append(.init(samples: [20000, 0, 20000, 0]))
        var out = [Int16](repeating: 0, count: 4)
        state.mix(into: &out)
        let gain = state.limiter.gain
        #expect(gain < 0.7)
        #expect(out[0] <= Int16.max && out[2] <= Int16.max)
        // The right channel (speech alone, which fits) is turned down by the same gain.
        #expect(abs(Double(out[3]) - 30000 * gain) <= 1, "\(out), gain \(gain)")
        #expect(Double(out[2]) / Double(out[3]) > 1.6, "the left stays louder than the right")
    }

    @Test("A cut writes back the earcons' part of both channels")
    func rewindKeepsBothChannels() {
        var state = state(slice: 2)
        state.speech.begin(1)
        state.speech.append(.place(.centre))
        state.speech.append(.pcm([500, 500]))
        state.earcons.append(.init(samples: [10, 20, 30, 40]))
        var out = [Int16](repeating: 0, count: 4)
        state.mix(into: &out)
        state.written += 2
        #expect(state.rewind(2) == [10, 20, 30, 40])
    }
}
