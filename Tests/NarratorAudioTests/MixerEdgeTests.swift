import Dispatch
import Logging
import NarratorSystem
import NarratorVoice
import NarratorWire
import Synchronization
import Testing

@testable import NarratorAudio

/// A device in memory whose latency query can be held (a slow or stalled sound server) and which
/// reports a sound server's own latency on top of what is unheard.
final class LatencyDevice: AudioDevice, @unchecked Sendable {
    let inner: MemoryDevice
    let serverLatency: Int
    private let condition = ConditionLock()
    private var held = false
    private var inside = false

    init(holdsBack: Bool, serverLatency: Int = 0) {
        inner = MemoryDevice(holdsBack: holdsBack)
        self.serverLatency = serverLatency
    }

    /// Holds the next latency queries until released.
    func holdLatency(_ hold: Bool) {
        condition.withLock {
            held = hold
            condition.broadcast()
        }
    }

    /// Waits until the writer is held inside a latency query.
    func waitUntilHeld() -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        return condition.withLock {
            while !inside {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return false }
                _ = condition.wait(timeout: left)
            }
            return true
        }
    }

    func unplayedFrames() throws(AudioDeviceError) -> Int {
        condition.withLock {
            while held {
                inside = true
                condition.broadcast()
                condition.wait()
            }
            inside = false
        }
        return try inner.unplayedFrames() + serverLatency
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) { try inner.write(samples) }
    func discardUnplayed() throws(AudioDeviceError) { try inner.discardUnplayed() }
    func close() {}
}

/// Sequences a review found in the writer, each once a defect: kept so they stay fixed.
@Suite("Mixer edge cases")
struct MixerEdgeTests {
    static let rate = 22050
    typealias Outcome = MixerTests.Outcome

    private func mixer(_ device: any AudioDevice & Sendable) -> Mixer {
        Mixer(
            opener: AudioDeviceOpener(name: "memory", isRealTime: true) { device }, sampleRate: Self.rate,
            logger: Logger(label: "test"))
    }

    private func speak(_ sink: any AudioSink, _ id: UInt64, _ value: Int16, _ count: Int) -> Outcome {
        let outcome = Outcome()
        sink.begin(utterance: id)
        _ = [Int16](repeating: value, count: count).withUnsafeBufferPointer { sink.write($0) }
        sink.finish(outcome.handler)
        return outcome
    }

    @Test("An utterance's deadline is its own: one left over from the last utterance cannot fail the next")
    func staleDeadline() {
        let device = MemoryDevice()
        let mixer = mixer(device)
        defer { mixer.close() }
        #expect(speak(mixer.speech, 1, 1000, 2205).wait() == .played)
        #expect(mixer.withState { $0.speechDue } == nil, "the deadline outlived the utterance it was for")
        // A deadline long past, as the race between a finish and its deadline used to leave one,
        // standing as the next utterance begins (its own finish comes later). Both in one turn of
        // the lock: a stale deadline with nothing speaking is no state the mixer reaches, and a
        // writer that saw one alone would rightly call the output lost.
        mixer.withState { state in
            state.speechDue = .now - .seconds(10)
            state.beginSpeech(2, pan: .centre, gain: 1)
        }
        let next = Outcome()
        _ = [Int16](repeating: 2000, count: 2205).withUnsafeBufferPointer { mixer.speech.write($0) }
        #expect(device.wait(limit: .seconds(3)) { $0.samples.count >= 4410 }, "the next utterance was not written")
        mixer.speech.finish(next.handler)
        #expect(next.wait() == .played)
        #expect(mixer.status.isWorking)
    }

    @Test("A sound server whose own latency is above the 40 ms kept ahead is still written to")
    func serverLatencyAboveTheLead() {
        let device = LatencyDevice(holdsBack: false, serverLatency: Self.rate * 35 / 1000)
        let mixer = mixer(device)
        defer { mixer.close() }
        let outcome = speak(mixer.speech, 1, 1000, 4410)
        #expect(outcome.wait() == .played)
        #expect(device.inner.samples.filter { $0 == 1000 }.count == 4410)
    }

    @Test("A cut asked for while the writer waits on the server never drops the next utterance's start")
    func cutRacingTheNextUtterance() {
        let device = LatencyDevice(holdsBack: true)
        let mixer = mixer(device)
        defer { mixer.close() }
        let first = speak(mixer.speech, 1, 1000, 4410)
        #expect(device.inner.wait { $0.samples.count >= 800 })
        device.holdLatency(true)
        #expect(device.waitUntilHeld())
        mixer.speech.interrupt(utterance: 1)
        #expect(first.wait() == .interrupted)
        let second = speak(mixer.speech, 2, 2000, 2205)
        device.inner.hear(100_000)
        device.holdLatency(false)
        device.inner.release()
        #expect(second.wait() == .played)
        #expect(device.inner.samples.filter { $0 == 2000 }.count == 2205, "the second utterance lost frames")
    }

    @Test("After a cut writes an earcon's part back, the mixer is quiet only once that part is heard")
    func writtenBackIsHeardThrough() {
        let device = MemoryDevice(holdsBack: true)
        let mixer = mixer(device)
        defer { mixer.close() }
        let speech = Outcome()
        mixer.withState { state in
            state.speech.begin(1)
            state.speech.append(.pcm([Int16](repeating: 3000, count: 4410)))
            state.speech.append(.finish(speech.handler))
            state.earcons.append(.init(samples: [Int16](repeating: 8192, count: 600)))
        }
        #expect(device.wait { $0.samples.count >= 800 })
        mixer.speech.interrupt(utterance: 1)
        #expect(device.wait { $0.discards == 1 })
        #expect(!mixer.waitUntilQuiet(limit: .milliseconds(300)), "quiet while the earcon is unheard")
        device.release()
        #expect(mixer.waitUntilQuiet())
    }

    @Test("After the output fails mid-sound, the mixer is quiet at once: nothing can be heard any more")
    func quietAfterLoss() throws {
        let device = MemoryDevice(holdsBack: true)
        let mixer = mixer(device)
        defer { mixer.close() }
        try mixer.play([Int16](repeating: 8192, count: Self.rate))
        #expect(device.wait { $0.samples.count >= 800 })
        device.fail(with: AudioDeviceError(output: "memory", message: "gone."))
        #expect(mixer.waitUntilQuiet(limit: .seconds(5)))
        #expect(!mixer.status.isWorking)
    }
}
