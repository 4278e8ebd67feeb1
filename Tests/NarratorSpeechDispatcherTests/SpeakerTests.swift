import Foundation
import Logging
import NarratorCore
import NarratorSpeechDispatcher
import NarratorTestSupport
import NarratorVoice
import NarratorWire
import Testing

/// `SpeechDispatcherSpeaker` against a real speech-dispatcher and its espeak-ng module, started
/// privately and playing into a private PulseAudio whose monitor is recorded.
@Suite("speech-dispatcher speaker", .serialized)
struct SpeakerTests {
    static let twoSentences = "Hello there. This is a second sentence."
    static let long =
        "This sentence is long on purpose. It keeps the narrator busy for a while. "
        + "Meanwhile other announcements arrive. Some of them are more urgent than this one."

    @Test("Speaks and is heard: started, a sentence mark at each sentence start, finished")
    func heard() throws {
        try withDispatcher { speaker, recorder, _ in
            let events = EventLog()
            let before = recorder.count
            try speaker.speak(request(1, Self.twoSentences), observer: events.append)
            #expect(events.waitFor { $0 == .finished(id(1)) })
            #expect(
                events.all == [
                    .started(id(1)), .sentence(id(1), position: 0), .sentence(id(1), position: 13), .finished(id(1)),
                ])
            #expect(recorder.waitForSound(after: before) != nil, "nothing was heard")
        }
    }

    @Test("Stopped mid-way: speech-dispatcher's cancel ends it stopped at the last sentence heard, and it falls silent")
    func stopped() throws {
        try withDispatcher { speaker, recorder, _ in
            let events = EventLog()
            try speaker.speak(request(2, Self.long), observer: events.append)
            #expect(events.waitFor { if case .sentence(_, let position) = $0 { position > 0 } else { false } })
            let stoppedAt = recorder.count
            speaker.stop(id(2))
            #expect(events.waitFor { if case .stopped = $0 { true } else { false } })
            let reached = events.all.compactMap { if case .sentence(_, let position) = $0 { position } else { nil } }
            #expect(events.all.last == .stopped(id(2), resumePosition: reached.last ?? -1))
            #expect(!events.all.contains(.finished(id(2))))
            // Half a second of silence (longer than any pause between the sentences), beginning within
            // a second of the stop: each sentence of the text takes two seconds or more, so the rest of
            // it was not played. How fast the stop is heard is a benchmark's figure (docs/BENCHMARKS.md),
            // not this test's: beside the whole suite it has taken 0.31 s.
            let quiet = try #require(recorder.waitForSilence(after: stoppedAt, length: recorder.sampleRate / 2))
            #expect(quiet - stoppedAt < recorder.sampleRate, "still speaking \(quiet - stoppedAt) samples later")
        }
    }

    @Test("Resumed from a sentence: it starts there, and reports no earlier mark")
    func resumedFromSentence() throws {
        try withDispatcher { speaker, _, _ in
            let events = EventLog()
            try speaker.speak(request(3, Self.long, from: 34), observer: events.append)
            #expect(events.waitFor { $0 == .finished(id(3)) })
            let marks = events.all.compactMap { if case .sentence(_, let position) = $0 { position } else { nil } }
            #expect(marks == [34, 74, 112])
        }
    }

    @Test("A client's SSML goes as it is: heard, with no sentence marks of Narrator's and none of its own")
    func clientSSML() throws {
        try withDispatcher { speaker, recorder, _ in
            let events = EventLog()
            let before = recorder.count
            let document = #"<speak>Hello <mark name="s5"/> there.<break time="200ms"/> Again.</speak>"#
            try speaker.speak(
                SpeechRequest(id: id(9), text: document, voice: VoiceRequest(), ssml: true), observer: events.append)
            #expect(events.waitFor { $0 == .finished(id(9)) })
            #expect(events.all == [.started(id(9)), .finished(id(9))])
            #expect(recorder.waitForSound(after: before) != nil, "nothing was heard")
        }
    }

    @Test("speech-dispatcher killed mid-phrase: the phrase ends failed, and the next one fails at once")
    func killed() throws {
        try withDispatcher { speaker, recorder, dispatcher in
            let events = EventLog()
            let before = recorder.count
            try speaker.speak(request(4, Self.long), observer: events.append)
            #expect(events.waitFor { $0 == .started(id(4)) })
            _ = recorder.waitForSound(after: before)
            dispatcher.kill()
            #expect(events.waitFor { if case .failed(let failed, _) = $0 { failed == id(4) } else { false } })
            try speaker.speak(request(5, "After."), observer: events.append)
            #expect(events.waitFor { if case .failed(let failed, _) = $0 { failed == id(5) } else { false } })
        }
    }

    @Test("Voices come from the module's list; a locale it lacks falls back with a warning; a bad tag throws")
    func voices() throws {
        try withDispatcher { speaker, _, _ in
            let english = try speaker.voice(for: "en")
            let brazilian = try speaker.voice(for: "pt-BR")
            let austrian = try speaker.voice(for: "de-AT")
            let klingon = try speaker.voice(for: "tlh")
            #expect(english.fallbackWarning == nil)
            #expect(brazilian.fallbackWarning == nil)
            #expect(austrian.fallbackWarning?.contains("de-at") == true, "\(austrian)")
            #expect(klingon.fallbackWarning?.contains("default voice") == true, "\(klingon)")
            #expect(throws: SpeakerError.self) { try speaker.voice(for: "not a locale") }
        }
    }

    @Test("No speech-dispatcher at the address: connecting throws, saying so")
    func absent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-nospeechd-\(getpid())")
        #expect {
            _ = try SpeechDispatcherSpeaker(
                address: "unix_socket:\(folder.path)/speechd.sock", autospawn: false, logger: Logger(label: "test"))
        } throws: { error in
            (error as? SpeechDispatcherError)?.description.hasPrefix("No speech-dispatcher answered") == true
        }
    }

    private func id(_ value: UInt64) -> AnnouncementID { AnnouncementID(rawValue: value) }

    private func request(_ number: UInt64, _ text: String, from start: Int = 0) -> SpeechRequest {
        SpeechRequest(id: id(number), text: text, voice: VoiceRequest(), startPosition: start)
    }

    /// A private PulseAudio with a warm recorder, a private speech-dispatcher playing into it, and a
    /// speaker connected to that one only.
    private func withDispatcher(
        _ body: (SpeechDispatcherSpeaker, MonitorRecorder, PrivateSpeechDispatcher) throws -> Void
    ) throws {
        let sound = try RecordedPulse()
        defer { sound.stop() }
        let (pulse, recorder) = (sound.pulse, sound.recorder)
        let dispatcher = try PrivateSpeechDispatcher.start(playingInto: pulse)
        defer { dispatcher.stop() }
        let speaker = try SpeechDispatcherSpeaker(
            address: dispatcher.address, autospawn: false, logger: Logger(label: "test"))
        defer { speaker.close() }
        try body(speaker, recorder, dispatcher)
    }
}

/// Every event a speaker reported, in order, with a wait for the one a test needs.
final class EventLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [SpeakerEvent] = []

    var append: @Sendable (SpeakerEvent) -> Void {
        { event in
            self.condition.lock()
            self.events.append(event)
            self.condition.broadcast()
            self.condition.unlock()
        }
    }

    var all: [SpeakerEvent] {
        condition.lock()
        defer { condition.unlock() }
        return events
    }

    /// Waits up to 20 s for an event matching `match`.
    func waitFor(_ match: (SpeakerEvent) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 20)
        condition.lock()
        defer { condition.unlock() }
        while !events.contains(where: match) {
            if !condition.wait(until: deadline) { return events.contains(where: match) }
        }
        return true
    }
}
