import Logging
import NarratorVoice
import Testing

@testable import NarratorAudio

/// The mixer's writer thread against a device in memory that holds frames back like a sound
/// server's queue: an earcon that starts under speech is mixed into the queued speech (W17).
@Suite("Mixer: an earcon written over queued speech")
struct MixerRewriteTests {
    static let rate = 22050
    static let speechValue: Int16 = 3000
    static let earconValue: Int16 = 8192

    @Test("An earcon under speech starts 5 ms after what was queued, not after the lead, and is heard once and whole")
    func earconIntoQueue() throws {
        let device = MemoryDevice(holdsBack: true)
        let mixer = Mixer(
            opener: AudioDeviceOpener(name: "memory", isRealTime: true) { device }, sampleRate: Self.rate,
            logger: Logger(label: "test"))
        defer { mixer.close() }
        mixer.withState { state in
            state.speech.begin(1)
            state.speech.append(.pcm([Int16](repeating: Self.speechValue, count: Self.rate)))
        }
        // The writer fills the device 40 ms ahead, then waits for frames to be heard.
        #expect(device.wait { $0.samples.count >= 882 })
        let queued = device.unheard
        let written = device.samples.count
        #expect(queued == written, "nothing was heard yet")
        let earcon = [Int16](repeating: Self.earconValue, count: 2205)
        try mixer.play(earcon)
        #expect(device.wait { $0.rewrites == 1 })
        let margin = Self.rate / 200
        let samples = device.samples
        let sum = Self.speechValue + Self.earconValue
        // The speech before the margin is left as it was; the earcon starts right after it.
        #expect(samples[written - queued + margin - 1] == Self.speechValue)
        #expect(samples[written - queued + margin] == sum, "the earcon does not start 5 ms into the queue")
        #expect(samples[written - 1] == sum)
        // The rest of it follows in the next slices: heard once, whole, in one run.
        device.release()
        #expect(device.wait { $0.samples.count >= written + earcon.count })
        let after = device.samples
        let start = try #require(after.firstIndex(of: sum))
        #expect(after[start...].prefix { $0 == sum }.count == earcon.count)
        #expect(after.count { $0 == sum } == earcon.count)
    }

    @Test(
        "Ten phrases in a row, each with an earcon written into it and one write failing: each ends once, each earcon once"
    )
    func phrasesInARow() throws {
        let device = MemoryDevice(holdsBack: true)
        let mixer = Mixer(
            opener: AudioDeviceOpener(name: "memory", isRealTime: true) { device }, sampleRate: Self.rate,
            logger: Logger(label: "test"))
        defer { mixer.close() }
        let sum = Self.speechValue + Self.earconValue
        let earcon = [Int16](repeating: Self.earconValue, count: 220)
        for phrase in 1...10 {
            let before = device.samples.count
            let outcome = MixerTests.Outcome()
            mixer.speech.begin(utterance: UInt64(phrase))
            _ = [Int16](repeating: Self.speechValue, count: 4410).withUnsafeBufferPointer { mixer.speech.write($0) }
            mixer.speech.finish(outcome.handler)
            // The lead is written and waits to be heard.
            #expect(device.wait { $0.samples.count >= before + 882 })
            let faulty = phrase == 5
            if faulty { device.fail(with: AudioDeviceError(output: "memory", message: "gone.")) }
            try mixer.play(earcon)
            if faulty {
                #expect(outcome.wait() == .failed("Audio output memory: gone."), "phrase \(phrase)")
                device.fail(with: nil)
                device.hear(device.unheard)
                continue
            }
            #expect(device.wait { $0.rewrites == phrase - (phrase > 5 ? 1 : 0) }, "phrase \(phrase): no rewrite")
            // Playback goes on: what is heard makes room for the rest, until all of it is written.
            while device.samples.count < before + 4410 {
                let count = device.samples.count
                device.hear(441)
                #expect(device.wait { $0.samples.count > count }, "phrase \(phrase): the writer stopped")
            }
            device.hear(device.unheard)
            _ = outcome.wait()
            #expect(outcome.current == .played, "phrase \(phrase)")
            let heard = device.samples[before...]
            #expect(heard.count { $0 == sum } == earcon.count, "phrase \(phrase): the earcon is not heard once, whole")
            #expect(heard.count { $0 == Self.speechValue } == 4410 - earcon.count, "phrase \(phrase)")
        }
    }
}
