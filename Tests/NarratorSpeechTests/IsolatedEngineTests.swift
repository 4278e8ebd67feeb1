import Foundation
import NarratorAudio
import NarratorCore
import NarratorSpeech
import NarratorWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Synthesis in a child process")
struct IsolatedEngineTests {
    static let longText =
        "The introduction explains the three lanes. You move left or right between them. "
        + "Sounds tell you which lanes are safe. Move quickly into a safe lane to overtake."

    @Test("The child's speech and sentence marks are those the engine makes in its own process")
    func sameAsInProcess() async throws {
        let engine = try IsolatedEngine.start()
        defer { engine.shutdown() }
        let sink = MemorySink()
        let log = EventLog()
        let id = TestEngine.nextID()
        let outcome = try await engine.speakAndWait(SpeechRequest(id: id, text: Self.longText), to: sink) {
            log.record($0)
        }
        #expect(outcome == .finished(id))
        let local = EventLog()
        let localSink = MemorySink()
        let localID = TestEngine.nextID()
        _ = try await TestEngine.engine().speakAndWait(SpeechRequest(id: localID, text: Self.longText), to: localSink) {
            local.record($0)
        }
        // The same length and loudness (not the same samples: other tests share the in-process
        // engine, and SSML leaves espeak-ng settings behind that only a fresh process is without).
        let (samples, localSamples) = (sink.samples(of: id), localSink.samples(of: localID))
        #expect(
            abs(Double(samples.count) / Double(localSamples.count) - 1) < 0.03, "\(samples.count) \(localSamples.count)"
        )
        #expect(abs(rms(samples) / rms(localSamples) - 1) < 0.1)
        #expect(log.sentenceStarts == local.sentenceStarts)
        #expect(log.sentenceStarts.count == 4)
        #expect(engine.synthesizerStarts == 1)
    }

    @Test(
        "A child killed mid-utterance fails that utterance with the reason, and a new child speaks the next",
        arguments: [SIGKILL, SIGSEGV, SIGABRT])
    func killedMidUtterance(signal: Int32) async throws {
        let engine = try IsolatedEngine.start()
        defer { engine.shutdown() }
        let first = try #require(engine.synthesizerProcessID)
        let id = TestEngine.nextID()
        let sink = IsolatedEngine.killing(engine, with: signal, request: id)
        let outcome = try await engine.speakAndWait(SpeechRequest(id: id, text: Self.longText), to: sink)
        guard case .failed(id, let reason) = outcome else {
            Issue.record("expected the synthesizer to fail, got \(outcome)")
            return
        }
        #expect(reason.hasPrefix("The speech synthesizer failed: "), "\(reason)")
        #expect(reason.contains("signal \(signal)"), "\(reason)")

        let nextID = TestEngine.nextID()
        let next = try await engine.speakAndWait(SpeechRequest(id: nextID, text: "Two lives remaining."), to: sink)
        #expect(next == .finished(nextID))
        #expect(rms(sink.samples(of: nextID)) > 500)
        #expect(engine.synthesizerStarts == 2)
        #expect(engine.synthesizerProcessID != first)
    }

    @Test("A child killed between utterances is replaced before the next one, which it does not cost")
    func killedWhileIdle() async throws {
        let engine = try IsolatedEngine.start()
        defer { engine.shutdown() }
        let pid = try #require(engine.synthesizerProcessID)
        kill(pid, SIGKILL)
        // Dead once it is a zombie with no thread left (the engine reaps it when it next needs it): a
        // zombie leader whose other thread still exits holds its descriptors a moment longer.
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline, !Self.isGone(pid) { usleep(1000) }
        let sink = MemorySink()
        let id = TestEngine.nextID()
        let outcome = try await engine.speakAndWait(SpeechRequest(id: id, text: "Two lives remaining."), to: sink)
        #expect(outcome == .finished(id))
        #expect(rms(sink.samples(of: id)) > 500)
        #expect(engine.synthesizerStarts == 2)
    }

    /// A zombie whose every thread has exited.
    static func isGone(_ pid: Int32) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return stat.contains(") Z ") && tasks.count <= 1
    }

    @Test("A stopped (SIGSTOP) child is taken as hung after the limit, killed, and the next utterance speaks")
    func hungChild() async throws {
        let engine = try IsolatedEngine.start(hangTimeout: .milliseconds(500))
        defer { engine.shutdown() }
        let id = TestEngine.nextID()
        let sink = IsolatedEngine.killing(engine, with: SIGSTOP, request: id)
        let outcome = try await engine.speakAndWait(SpeechRequest(id: id, text: Self.longText), to: sink)
        guard case .failed(id, let reason) = outcome else {
            Issue.record("expected the synthesizer to fail, got \(outcome)")
            return
        }
        #expect(reason.hasPrefix("The speech synthesizer failed: "), "\(reason)")
        #expect(reason.contains("sent nothing for"), "\(reason)")

        let nextID = TestEngine.nextID()
        let next = try await engine.speakAndWait(SpeechRequest(id: nextID, text: "Two lives remaining."), to: sink)
        #expect(next == .finished(nextID))
        #expect(rms(sink.samples(of: nextID)) > 500)
    }

    @Test("A stop while the child speaks cancels it within a chunk or two, and the same child speaks on")
    func stopCancelsInChild() async throws {
        let engine = try IsolatedEngine.start()
        defer { engine.shutdown() }
        let id = TestEngine.nextID()
        let sink = MemorySink { utterance, chunk in
            if utterance == id.rawValue && chunk == 2 { engine.stop(id) }
        }
        let outcome = try await engine.speakAndWait(SpeechRequest(id: id, text: Self.longText), to: sink)
        guard case .stopped = outcome else {
            Issue.record("expected stopped, got \(outcome)")
            return
        }
        #expect(try #require(sink.recordings.last { $0.id == id.rawValue }).chunks <= 3)
        let nextID = TestEngine.nextID()
        #expect(try await engine.speakAndWait(SpeechRequest(id: nextID, text: "Go."), to: sink) == .finished(nextID))
        #expect(engine.synthesizerStarts == 1)
    }

    @Test("Cantonese numbers of 13 and 14 digits, which abort libespeak-ng 1.51, are spoken")
    func cantoneseLongNumbers() async throws {
        let engine = try IsolatedEngine.start()
        defer { engine.shutdown() }
        for text in ["9999999999999", "99999999999999", "9,999,999,999,999", "第1234567890123名"] {
            let sink = MemorySink()
            let id = TestEngine.nextID()
            let outcome = try await engine.speakAndWait(
                SpeechRequest(id: id, text: text, voice: VoiceRequest(locale: "yue")), to: sink)
            #expect(outcome == .finished(id), "\(text)")
            #expect(rms(sink.samples(of: id)) > 500, "\(text)")
        }
        // An SSML document that switches to Cantonese itself, in an English utterance.
        let id = TestEngine.nextID()
        let sink = MemorySink()
        let document = #"<speak>Score <s xml:lang="yue">1234567890123</s></speak>"#
        let outcome = try await engine.speakAndWait(SpeechRequest(id: id, text: document, ssml: true), to: sink)
        #expect(outcome == .finished(id))
        #expect(engine.synthesizerStarts == 1)
    }
}
