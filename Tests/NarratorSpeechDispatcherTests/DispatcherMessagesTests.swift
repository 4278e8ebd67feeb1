import NarratorCore
import NarratorVoice
import NarratorWire
import Synchronization
import Testing

@testable import NarratorSpeechDispatcher

/// The bookkeeping between Narrator's announcements and speech-dispatcher's messages (in memory):
/// every announcement handed over ends exactly once, whatever speech-dispatcher reports, or omits.
@Suite("speech-dispatcher messages")
struct DispatcherMessagesTests {
    final class Events: Sendable {
        let seen = Mutex<[SpeakerEvent]>([])
        var observer: @Sendable (SpeakerEvent) -> Void { { event in self.seen.withLock { $0.append(event) } } }
    }

    @Test("A begin reported before the message is registered is delivered when it is")
    func early() {
        let messages = DispatcherMessages()
        let events = Events()
        let id = AnnouncementID(rawValue: 1)
        messages.report(.begin, message: 7)
        messages.register(7, id: id, startPosition: 0, observer: events.observer)
        messages.report(.end, message: 7)
        #expect(events.seen.withLock { $0 } == [.started(id), .finished(id)])
    }

    @Test("Cancelling a message not yet begun ends it stopped at once; a late report for it is dropped")
    func cancelBeforeBegin() {
        let messages = DispatcherMessages()
        let events = Events()
        let id = AnnouncementID(rawValue: 2)
        messages.register(8, id: id, startPosition: 34, observer: events.observer)
        #expect(messages.cancel(id))
        #expect(events.seen.withLock { $0 } == [.stopped(id, resumePosition: 34)])
        messages.report(.begin, message: 8)
        messages.report(.cancel, message: 8)
        #expect(events.seen.withLock { $0 } == [.stopped(id, resumePosition: 34)])
        #expect(!messages.cancel(id))
    }

    @Test("Cancelling a message that has begun waits for speech-dispatcher's cancel, at the last sentence")
    func cancelWhileSpeaking() {
        let messages = DispatcherMessages()
        let events = Events()
        let id = AnnouncementID(rawValue: 3)
        messages.register(9, id: id, startPosition: 0, observer: events.observer)
        messages.report(.begin, message: 9)
        messages.report(.mark(MarkedText.markPrefix + "74"), message: 9)
        #expect(messages.cancel(id))
        #expect(events.seen.withLock { $0 } == [.started(id), .sentence(id, position: 74)])
        messages.report(.cancel, message: 9)
        let seen = events.seen.withLock { $0 }
        #expect(seen.first == .started(id))
        #expect(seen.last == .stopped(id, resumePosition: 74), "\(seen)")
    }

    @Test("A client's own SSML marks are not sentences: it reports none, and stops at its start")
    func clientMarksAreNotSentences() {
        let messages = DispatcherMessages()
        let events = Events()
        let id = AnnouncementID(rawValue: 4)
        messages.register(10, id: id, startPosition: 0, marked: false, observer: events.observer)
        messages.report(.begin, message: 10)
        messages.report(.mark(MarkedText.markPrefix + "12"), message: 10)
        messages.report(.cancel, message: 10)
        #expect(events.seen.withLock { $0 } == [.started(id), .stopped(id, resumePosition: 0)])
    }
}
