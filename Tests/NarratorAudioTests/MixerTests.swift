import Dispatch
import Logging
import NarratorSystem
import NarratorVoice
import NarratorWire
import Synchronization
import Testing

@testable import NarratorAudio

/// The mixer's writer thread against a device in memory that holds frames back like a sound
/// server's buffer: what a stop, a finish and a failure do to what is written and reported.
@Suite("Mixer, in memory")
struct MixerTests {
    static let rate = 22050

    private func mixer(_ device: MemoryDevice) -> Mixer {
        let opener = AudioDeviceOpener(name: "memory", isRealTime: true, channels: device.channels) { device }
        return Mixer(opener: opener, sampleRate: Self.rate, logger: Logger(label: "test"))
    }

    /// The result a finish handler got, with a semaphore to wait on it.
    final class Outcome: Sendable {
        private let value = Mutex<PlaybackResult?>(nil)
        private let arrived = DispatchSemaphore(value: 0)
        var handler: @Sendable (PlaybackResult) -> Void {
            { result in
                self.value.withLock { $0 = result }
                self.arrived.signal()
            }
        }
        var current: PlaybackResult? { value.withLock { $0 } }
        func wait() -> PlaybackResult? {
            arrived.wait(timeout: .now() + 10) == .success ? current : nil
        }
    }

    private func speak(_ sink: any AudioSink, id: UInt64, _ samples: [Int16]) -> Outcome {
        let outcome = Outcome()
        sink.begin(utterance: id)
        _ = samples.withUnsafeBufferPointer { sink.write($0) }
        sink.finish(outcome.handler)
        return outcome
    }

    @Test("Stopping speech during an earcon drops only speech: the earcon is written whole")
    func stopKeepsEarcon() throws {
        let device = MemoryDevice(holdsBack: true)
        let mixer = mixer(device)
        defer { mixer.close() }
        let earcon = [Int16](repeating: 8192, count: 2205)
        let speech = Outcome()
        // Both at once, under the mixer's lock, so the writer cannot start one before the other.
        mixer.withState { state in
            state.speech.begin(1)
            state.speech.append(.pcm([Int16](repeating: 3000, count: 4410)))
            state.speech.append(.finish(speech.handler))
            state.earcons.append(.init(samples: earcon))
        }
        // The writer fills the device 40 ms ahead, then waits for frames to be heard.
        #expect(device.wait { $0.samples.count >= 800 })
        #expect(device.samples.contains(8192 + 3000), "speech was not mixed with the earcon")
        mixer.speech.interrupt(utterance: 1)
        #expect(speech.wait() == .interrupted)
        #expect(device.wait { $0.discards == 1 })
        device.release()
        #expect(device.wait { $0.samples.count >= earcon.count })
        let written = device.samples
        #expect(written.prefix(earcon.count).allSatisfy { $0 == 8192 }, "the earcon is not whole and alone")
        #expect(written.dropFirst(earcon.count).allSatisfy { $0 == 0 })
    }

    /// The same in stereo: speech at the left, an earcon only on the right; the cut drops the speech
    /// and writes the earcon back in its own channel, frames counted as frames.
    @Test("In stereo, stopping speech keeps the earcon whole in its own channel")
    func stopKeepsEarconInStereo() throws {
        let device = MemoryDevice(holdsBack: true, channels: 2)
        let mixer = mixer(device)
        defer { mixer.close() }
        let earcon = (0..<2205).flatMap { _ -> [Int16] in [0, 8192] }
        let speech = Outcome()
        mixer.withState { state in
            state.speech.begin(1)
            state.speech.append(.place(.left))
            state.speech.append(.pcm([Int16](repeating: 3000, count: 4410)))
            state.speech.append(.finish(speech.handler))
            state.earcons.append(.init(samples: earcon))
        }
        #expect(device.wait { $0.samples.count >= 1600 })
        #expect(device.samples.prefix(2) == [4243, 8192], "speech at the left, the earcon at the right")
        mixer.speech.interrupt(utterance: 1)
        #expect(speech.wait() == .interrupted)
        #expect(device.wait { $0.discards == 1 })
        device.release()
        #expect(device.wait { $0.samples.count >= earcon.count })
        let written = device.samples
        #expect(Array(written.prefix(earcon.count)) == earcon, "the earcon is not whole and alone")
        #expect(written.dropFirst(earcon.count).allSatisfy { $0 == 0 })
    }

    @Test("An interrupt for an earlier utterance does not cut the one speaking now")
    func interruptNamesItsUtterance() {
        let device = MemoryDevice()
        let mixer = mixer(device)
        defer { mixer.close() }
        let first = speak(mixer.speech, id: 1, [Int16](repeating: 100, count: 441))
        #expect(first.wait() == .played)
        let second = speak(mixer.speech, id: 2, [Int16](repeating: 200, count: 441))
        mixer.speech.interrupt(utterance: 1)
        #expect(second.wait() == .played)
        #expect(device.samples.filter { $0 == 200 }.count == 441)
    }

    @Test("Finished means heard: the finish waits for the device to play the last frame")
    func finishWaitsUntilHeard() {
        let device = MemoryDevice(holdsBack: true)
        let mixer = mixer(device)
        defer { mixer.close() }
        let outcome = speak(mixer.speech, id: 1, [Int16](repeating: 500, count: 441))
        #expect(device.wait { $0.samples.filter { $0 == 500 }.count == 441 })
        #expect(outcome.current == nil, "reported before the device played it")
        device.release()
        #expect(outcome.wait() == .played)
    }

    @Test("A failing output ends what was in flight as failed, is reported, and opens again for the next sound")
    func failureThenRecovery() {
        let device = MemoryDevice()
        let mixer = mixer(device)
        defer { mixer.close() }
        let changes = Mutex<[OutputStatus.Condition]>([])
        mixer.watch { status in changes.withLock { $0.append(status.condition) } }
        device.fail(with: AudioDeviceError(output: "memory", message: "the server went away."))
        let lost = speak(mixer.speech, id: 1, [Int16](repeating: 500, count: 441))
        guard case .failed(let reason)? = lost.wait() else {
            Issue.record("expected failed, got \(String(describing: lost.current))")
            return
        }
        #expect(reason.contains("the server went away"))
        #expect(!mixer.status.isWorking)
        device.fail(with: nil)
        let next = speak(mixer.speech, id: 2, [Int16](repeating: 600, count: 441))
        #expect(next.wait() == .played)
        #expect(mixer.status.isWorking)
        #expect(device.samples.filter { $0 == 600 }.count == 441)
        // The status at the watch's start, then each change.
        #expect(changes.withLock { $0 } == [.working, .lost("Audio output memory: the server went away."), .working])
    }

    @Test("A phrase longer than the speech queue is played to its end: taking speech makes room")
    func longerThanTheQueue() throws {
        // A file-like device (no pacing), stalled at first: the queue fills and the speech thread
        // waits; once the device takes writes again the writer empties the queue, and taking
        // speech must wake the speech thread (nothing else would: a file's writer never times out).
        let device = MemoryDevice()
        device.setGate(closed: true)
        let mixer = Mixer(
            opener: AudioDeviceOpener(name: "memory", isRealTime: false) { device }, sampleRate: Self.rate,
            logger: Logger(label: "test"))
        defer { mixer.close() }
        let sink = mixer.speech
        let chunk = [Int16](repeating: 700, count: Self.rate / 50)
        let chunks = 50 * (SpeechChannel.capacitySeconds + 2)
        let outcome = Outcome()
        // A thread of its own, as the engine's speech thread is: a task could wait for a
        // cooperative thread that other tests' blocking waits hold.
        OSThread.start(name: "test-speech") {
            sink.begin(utterance: 1)
            for _ in 0..<chunks { _ = chunk.withUnsafeBufferPointer { sink.write($0) } }
            sink.finish(outcome.handler)
        }
        #expect(mixer.waitUntil { $0.speech.queuedFrames + chunk.count > SpeechChannel.capacitySeconds * Self.rate })
        device.setGate(closed: false)
        #expect(outcome.wait() == .played)
        #expect(device.samples.filter { $0 == 700 }.count == chunks * chunk.count)
    }

    @Test("Earcons beyond the limits are refused with a reason; the mixer goes on")
    func earconLimits() throws {
        let device = MemoryDevice(holdsBack: true)
        let mixer = mixer(device)
        defer { mixer.close() }
        #expect(throws: MixerError.tooLong(milliseconds: Mixer.maximumEarconMilliseconds)) {
            try mixer.play([Int16](repeating: 1, count: Self.rate * Mixer.maximumEarconMilliseconds / 1000 + 1))
        }
        for _ in 0..<Mixer.maximumEarcons { try mixer.play([Int16](repeating: 1, count: Self.rate)) }
        #expect(throws: MixerError.tooMany(Mixer.maximumEarcons)) { try mixer.play([1]) }
    }
}

extension Mixer {
    /// Waits until `ready` holds for the shared state (false after `limit`), woken by every change.
    func waitUntil(limit: Duration = .seconds(10), _ ready: (MixerState) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        lock.lock()
        defer { lock.unlock() }
        while !ready(state) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            _ = lock.wait(timeout: left)
        }
        return true
    }
}
