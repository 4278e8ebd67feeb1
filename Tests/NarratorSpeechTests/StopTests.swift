import Dispatch
import NarratorAudio
import NarratorCore
import NarratorSpeech
import NarratorWire
import Synchronization
import Testing

@Suite("Stopping speech")
struct StopTests {
    static let longText =
        "The introduction explains the three lanes. You move left or right between them. "
        + "Sounds tell you which lanes are safe. Move quickly into a safe lane to overtake."

    @Test("A stop mid-utterance lets at most one more chunk through, and the next utterance is normal")
    func stopsWithinOneChunk() async throws {
        let engine = try TestEngine.engine()
        let id = TestEngine.nextID()
        // The sink calls back after each stored chunk: stop right after the second one.
        let sink = MemorySink { utterance, chunk in
            if utterance == id.rawValue && chunk == 2 { try? TestEngine.engine().stop(id) }
        }
        let outcome = try await engine.speakAndWait(SpeechRequest(id: id, text: Self.longText), to: sink)
        guard case .stopped = outcome else {
            Issue.record("expected stopped, got \(outcome)")
            return
        }
        let chunks = try #require(sink.recordings.last { $0.id == id.rawValue }).chunks
        #expect(chunks <= 3, "\(chunks) chunks reached the sink")

        let nextID = TestEngine.nextID()
        let next = try await engine.speakAndWait(SpeechRequest(id: nextID, text: "Two lives remaining."), to: sink)
        #expect(next == .finished(nextID))
        #expect(rms(sink.samples(of: nextID)) > 500)
        #expect(Double(sink.samples(of: nextID).count) / 22050 > 0.5)
    }

    @Test("A stopped utterance reports the start of the sentence it was in, and resumes from there")
    func resumesFromSentence() async throws {
        let engine = try TestEngine.engine()
        let id = TestEngine.nextID()
        let scalars = Self.longText.unicodeScalars
        let sounds = try #require(scalars.firstRange(of: "Sounds".unicodeScalars))
        let thirdSentence = scalars.distance(from: scalars.startIndex, to: sounds.lowerBound)
        let log = EventLog()
        let outcome = try await engine.speakAndWait(SpeechRequest(id: id, text: Self.longText), to: MemorySink()) {
            event in
            log.record(event)
            if case .sentence(_, thirdSentence) = event { engine.stop(id) }
        }
        #expect(outcome == .stopped(id, resumePosition: thirdSentence), "sentences at \(log.sentenceStarts)")

        let resumed = TestEngine.nextID()
        let resumedLog = EventLog()
        let sink = MemorySink()
        let second = try await engine.speakAndWait(
            SpeechRequest(id: resumed, text: Self.longText, startPosition: thirdSentence), to: sink
        ) { resumedLog.record($0) }
        #expect(second == .finished(resumed))
        #expect(resumedLog.sentenceStarts.first == thirdSentence)
        let tail = try await TestEngine.render(String(Self.longText.dropFirst(thirdSentence))).samples
        #expect(abs(sink.samples(of: resumed).count - tail.count) < tail.count / 50)
    }

    @Test("Stopping a queued utterance reports it stopped without starting it")
    func stopsQueuedUtterance() async throws {
        let engine = try TestEngine.engine()
        let first = TestEngine.nextID()
        let queued = TestEngine.nextID()
        let sink = MemorySink()
        let queuedLog = EventLog()
        let stopped = AsyncStream.makeStream(of: Void.self)
        // Stop the second utterance while the first is still being synthesized. The speech thread
        // may get there before this test has queued the second (a stop for an id the engine does
        // not know is ignored, and the test then waited for ever): it waits until it is queued.
        let secondQueued = DispatchSemaphore(value: 0)
        let firstSink = MemorySink { utterance, chunk in
            guard utterance == first.rawValue && chunk == 1 else { return }
            secondQueued.wait()
            try? TestEngine.engine().stop(queued)
        }
        try engine.speak(SpeechRequest(id: first, text: "Pause."), to: firstSink) { _ in }
        let queuing = Result { () throws(SpeechError) in
            try engine.speak(SpeechRequest(id: queued, text: "This is never heard."), to: sink) { event in
                queuedLog.record(event)
                if case .stopped = event { stopped.continuation.finish() }
            }
        }
        secondQueued.signal()
        try queuing.get()
        for await _ in stopped.stream {}
        #expect(queuedLog.all == [.stopped(queued, resumePosition: 0)])
        #expect(sink.recordings.isEmpty)
    }
}
