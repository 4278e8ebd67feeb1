import Dispatch
import Logging
import NarratorVoice
import NarratorWire
import Synchronization
import Testing

@testable import NarratorAudio

/// A stereo output whose device takes one channel (a PulseAudio stream that found its sink mono,
/// docs/AUDIO.md, "The downmix"): the mixer mixes every source unplaced from then on.
@Suite("Mixer on a device that chose mono")
struct MixerLayoutTests {
    static let rate = 22050

    @Test("The mixer mixes in the device's channels, says so to its watchers, and takes speech and sounds unplaced")
    func mixesMono() throws {
        let device = MemoryDevice(channels: 1, choosesChannels: true)
        let opener = AudioDeviceOpener(name: "memory", isRealTime: false, channels: 2) { device }
        let mixer = Mixer(opener: opener, sampleRate: Self.rate, logger: Logger(label: "test"))
        defer { mixer.close() }
        mixer.waitUntilTried()
        #expect(mixer.channels == 2 && mixer.mixingChannels == 1)
        let reported = Mutex<[Int?]>([])
        mixer.watch { status in reported.withLock { $0.append(status.channels) } }
        #expect(reported.withLock { $0 } == [1])
        // Speech at the left, at twice its volume: as made, times two, in the one channel.
        let heard = DispatchSemaphore(value: 0)
        mixer.speech.begin(utterance: 1, pan: .left, gain: 2)
        _ = [Int16]([1000, -1000]).withUnsafeBufferPointer { mixer.speech.write($0) }
        mixer.speech.finish { _ in heard.signal() }
        #expect(heard.wait(timeout: .now() + 10) == .success)
        #expect(device.samples == [2000, -2000])
        // A sound made in stereo becomes its mid, (left + right) / 2; one rendered for the mixer's
        // channels plays as it is. (A slice of sound is padded with silence to the slice's length.)
        try mixer.play([300, 100, -300, -100])
        #expect(mixer.waitUntilQuiet())
        let converted = device.samples.count
        try mixer.play([100, 200], channels: 1)
        #expect(mixer.waitUntilQuiet())
        let samples = device.samples
        #expect(Array(samples[2..<4]) == [200, -200] && samples[4..<converted].allSatisfy { $0 == 0 })
        #expect(Array(samples[converted..<(converted + 2)]) == [100, 200])
    }

    @Test("Carrying samples between layouts: mono to both ears, stereo to its mid")
    func conversion() {
        #expect(ChannelLayout.convert([1, -2, 3][...], from: 1, to: 2) == [1, 1, -2, -2, 3, 3])
        #expect(
            ChannelLayout.convert([100, 300, -5, -6, Int16.max, Int16.max][...], from: 2, to: 1) == [
                200, -5, Int16.max,
            ])
        #expect(ChannelLayout.convert([7, 8][...], from: 2, to: 2) == [7, 8])
    }

    @Test("Earcons sounding when the layout changes go on converted, from where they were")
    func relayoutCarriesEarcons() {
        var state = MixerState(output: OutputStatus(output: "test"), sampleRate: Self.rate, sliceFrames: 2, channels: 2)
        state.earcons.append(.init(samples: [10, 30, 50, 70, 90, 110], gain: 0.5, position: 2))
        state.relayout(channels: 1)
        #expect(state.channels == 1 && state.output.channels == 1)
        #expect(state.earcons.map(\.samples) == [[60, 100]] && state.earcons[0].gain == 0.5)
        var out = [Int16](repeating: 0, count: 2)
        state.mix(into: &out)
        #expect(out == [30, 50])
    }

    /// A sound asked for before the first device said it was mono (PipeWire's pulse server opens
    /// slower than the first sound of a game) was carried over untimed: status missed it.
    @Test("A sound moved to a new layout before its first sample was mixed is still timed from that sample")
    func relayoutKeepsTheSoundsTiming() {
        var state = MixerState(output: OutputStatus(output: "test"), sampleRate: Self.rate, sliceFrames: 2, channels: 2)
        let asked = ContinuousClock.now
        state.earcons.append(.init(samples: [0, 0, 0, 0, 40, 40, 80, 80], requested: asked))
        state.relayout(channels: 1)
        var out = [Int16](repeating: 0, count: 2)
        state.mix(into: &out)
        #expect(state.takeEdges().isEmpty, "no audible sample was mixed yet")
        state.mix(into: &out)
        let edges = state.takeEdges()
        #expect(edges.count == 1 && edges.first.map { $0.edge == .sound(requested: asked) } == true, "\(edges)")
    }
}
