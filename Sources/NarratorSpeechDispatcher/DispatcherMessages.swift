import NarratorSystem
import NarratorVoice
import NarratorWire

/// The announcements one connection has handed to speech-dispatcher, by message id, shared between
/// the speaker's thread (which registers each message once `spd_say` has returned its id) and
/// libspeechd's event thread (which reports what happened to it). Events for a message not yet
/// registered are kept until it is: speech-dispatcher may report a begin before its reply arrives.
///
/// Observers are called with the lock held, so one announcement's events are reported in order
/// whichever thread reports them; an observer only queues the event (the daemon's is a stream).
final class DispatcherMessages: @unchecked Sendable {
    enum Event: Sendable {
        case begin, end, cancel
        case mark(String)
    }

    private struct Tracked {
        let id: AnnouncementID
        let observer: @Sendable (SpeakerEvent) -> Void
        /// Its marks are `MarkedText`'s sentence marks (not a client's own SSML).
        let marked: Bool
        var lastSentence: Int
        var started = false
    }

    private let lock = ConditionLock()
    private var tracked: [Int: Tracked] = [:]
    private var early: [Int: [Event]] = [:]
    /// The newest message registered: speech-dispatcher numbers them in order, so an event for an
    /// older one that is not tracked is for a message already ended, and is dropped.
    private var newest = Int.min

    /// `message` speaks announcement `id` from `startPosition`; reports any event that came first.
    /// Its marks are sentence starts when `marked` (the text went through `MarkedText`).
    func register(
        _ message: Int, id: AnnouncementID, startPosition: Int, marked: Bool = true,
        observer: @escaping @Sendable (SpeakerEvent) -> Void
    ) {
        lock.withLock {
            tracked[message] = Tracked(id: id, observer: observer, marked: marked, lastSentence: startPosition)
            newest = max(newest, message)
            for event in early.removeValue(forKey: message) ?? [] { deliver(event, to: message) }
        }
    }

    /// An event from speech-dispatcher (libspeechd's thread).
    func report(_ event: Event, message: Int) {
        lock.withLock {
            if tracked[message] == nil {
                if message > newest { early[message, default: []].append(event) }
            } else {
                deliver(event, to: message)
            }
        }
    }

    /// Announcement `id` is being cancelled: if speech-dispatcher has not begun it, it ends `stopped`
    /// here and now, as speech-dispatcher need not report a cancel for a message it never began; a
    /// late report for it is then ignored. Returns whether it was still pending.
    @discardableResult
    func cancel(_ id: AnnouncementID) -> Bool {
        lock.withLock {
            guard let (message, current) = tracked.first(where: { $0.value.id == id }) else { return false }
            if !current.started {
                tracked.removeValue(forKey: message)
                early.removeValue(forKey: message)
                current.observer(.stopped(current.id, resumePosition: current.lastSentence))
            }
            return true
        }
    }

    /// Ends every pending announcement `failed` (the connection broke); returns how many there were.
    @discardableResult
    func failAll(reason: String) -> Int {
        lock.withLock {
            let pending = tracked.values
            for message in pending { message.observer(.failed(message.id, reason: reason)) }
            tracked.removeAll()
            early.removeAll()
            return pending.count
        }
    }

    private func deliver(_ event: Event, to message: Int) {
        guard var current = tracked[message] else { return }
        switch event {
        case .begin:
            guard !current.started else { return }
            current.started = true
            tracked[message] = current
            current.observer(.started(current.id))
        case .mark(let name):
            guard current.marked, let position = MarkedText.position(ofMark: name) else { return }
            current.lastSentence = position
            tracked[message] = current
            current.observer(.sentence(current.id, position: position))
        case .end:
            tracked.removeValue(forKey: message)
            current.observer(.finished(current.id))
        case .cancel:
            tracked.removeValue(forKey: message)
            current.observer(.stopped(current.id, resumePosition: current.lastSentence))
        }
    }
}
