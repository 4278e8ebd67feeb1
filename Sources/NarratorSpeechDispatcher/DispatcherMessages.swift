import NarratorCore
import NarratorSystem
import NarratorVoice

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
        var lastSentence: Int
        var started = false
    }

    private let lock = ConditionLock()
    private var tracked: [Int: Tracked] = [:]
    private var early: [Int: [Event]] = [:]

    /// `message` speaks announcement `id` from `startPosition`; reports any event that came first.
    func register(
        _ message: Int, id: AnnouncementID, startPosition: Int, observer: @escaping @Sendable (SpeakerEvent) -> Void
    ) {
        lock.withLock {
            tracked[message] = Tracked(id: id, observer: observer, lastSentence: startPosition)
            for event in early.removeValue(forKey: message) ?? [] { deliver(event, to: message) }
        }
    }

    /// An event from speech-dispatcher (libspeechd's thread).
    func report(_ event: Event, message: Int) {
        lock.withLock {
            if tracked[message] == nil {
                early[message, default: []].append(event)
            } else {
                deliver(event, to: message)
            }
        }
    }

    /// Whether announcement `id` is still with speech-dispatcher (queued or speaking).
    func isPending(_ id: AnnouncementID) -> Bool {
        lock.withLock { tracked.values.contains { $0.id == id } }
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
            guard let position = MarkedText.position(ofMark: name) else { return }
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
