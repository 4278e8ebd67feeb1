import NarratorSystem
import NarratorVoice
import NarratorWire
import Synchronization

/// One queued request to the speech thread.
struct SpeechJob: Sendable {
    let request: SpeechRequest
    let voice: ResolvedVoice
    let sink: any AudioSink
    let observer: @Sendable (SpeakerEvent) -> Void

    var id: AnnouncementID { request.id }
    /// The id the sink knows the request's audio by (`AudioSink.begin(utterance:)`).
    var sinkID: UInt64 { request.id.rawValue }
}

/// The state shared between callers and the speech thread: the job queue, stop requests, and
/// which request is current. Guarded by one condition; the synthesis callback reads only the
/// `abortCurrent` atomic, so a stop costs it one load per chunk.
final class EngineControl: @unchecked Sendable {
    private let condition = ConditionLock()
    private var pending: [SpeechJob] = []
    private var stopRequested: Set<AnnouncementID> = []
    private var current: (id: AnnouncementID, sink: any AudioSink)?
    /// Taken off the queue by the speech thread and not yet current (its voice is being applied):
    /// a stop for it in that window must still be seen by `makeCurrent`.
    private var starting: AnnouncementID?
    private var shuttingDown = false
    /// Set when the current request must stop; the synth callback returns 1 when it sees it.
    let abortCurrent = Atomic<Bool>(false)

    func enqueue(_ job: SpeechJob) throws(SpeechError) {
        condition.lock()
        defer { condition.unlock() }
        guard !shuttingDown else { throw .engineShutDown }
        pending.append(job)
        condition.signal()
    }

    /// Blocks until a job is due; nil once shut down. A job stopped while it waited comes back
    /// with `stopped` true and is not to be spoken.
    func next() -> (job: SpeechJob, stopped: Bool)? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty && !shuttingDown { condition.wait() }
        guard !pending.isEmpty else { return nil }
        let job = pending.removeFirst()
        let stopped = stopRequested.remove(job.id) != nil
        if !stopped { starting = job.id }
        return (job, stopped)
    }

    /// Marks the job as the one speaking, unless a stop for it already arrived.
    func makeCurrent(_ job: SpeechJob) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let stopped = stopRequested.remove(job.id) != nil
        starting = nil
        current = (job.id, job.sink)
        abortCurrent.store(stopped, ordering: .sequentiallyConsistent)
        return !stopped
    }

    func endCurrent() {
        condition.lock()
        current = nil
        starting = nil
        abortCurrent.store(false, ordering: .sequentiallyConsistent)
        condition.unlock()
    }

    /// Stops `id` wherever it is. Returns the sink to interrupt when it is the one speaking.
    func requestStop(_ id: AnnouncementID) -> (any AudioSink)? {
        condition.lock()
        defer { condition.unlock() }
        if let current, current.id == id {
            abortCurrent.store(true, ordering: .sequentiallyConsistent)
            return current.sink
        }
        if starting == id || pending.contains(where: { $0.id == id }) { stopRequested.insert(id) }
        return nil
    }

    /// Ids of every queued or speaking request.
    func liveIDs() -> [AnnouncementID] {
        condition.lock()
        defer { condition.unlock() }
        return (current.map { [$0.id] } ?? []) + (starting.map { [$0] } ?? []) + pending.map(\.id)
    }

    /// Refuses new jobs; the jobs still queued are returned so they can be reported as stopped.
    func shutDown() -> [SpeechJob] {
        condition.lock()
        defer { condition.unlock() }
        shuttingDown = true
        let left = pending
        pending.removeAll()
        condition.broadcast()
        return left
    }
}
