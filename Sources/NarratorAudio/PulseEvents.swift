import CPulse
import NarratorSystem

/// What libpulse's thread has told a `PulseDevice`: the context's and the stream's state, and how
/// many operations the server has answered.
///
/// libpulse calls back on its own thread with its lock held; a callback only records what it was
/// told and signals, and the writer thread waits here with a deadline (libpulse's own wait has
/// none, so a stalled server would hold the writer for ever).
final class PulseEvents: @unchecked Sendable {
    struct Snapshot {
        var context = PA_CONTEXT_UNCONNECTED
        var stream = PA_STREAM_UNCONNECTED
        /// Operations answered (or given up) so far, in the order they were started.
        var answers = 0
        var lastSuccess = false

        func answered(_ ticket: Int) -> Bool { answers >= ticket }
    }

    private let condition = ConditionLock()
    private var snapshot = Snapshot()
    /// Operations started; touched only by the writer thread.
    private var tickets = 0
    /// When the server said the stream underflowed, and at which read index (-1: not said), not
    /// yet taken by the writer.
    private var underflows: [(instant: ContinuousClock.Instant, index: Int64)] = []
    /// The sink the server last described (`PulseDevice.sink`), and its own name and version.
    private var sink: SinkReport?
    private var serverName: String?

    static func from(_ userdata: UnsafeMutableRawPointer?) -> PulseEvents {
        Unmanaged<PulseEvents>.fromOpaque(userdata!).takeUnretainedValue()
    }

    /// What libpulse has said so far.
    var current: Snapshot { condition.withLock { snapshot } }

    /// The number the next operation's answer will have.
    func nextTicket() -> Int {
        tickets += 1
        return tickets
    }

    func note(context: pa_context_state_t) { change { $0.context = context } }
    func note(stream: pa_stream_state_t) { change { $0.stream = stream } }

    /// An operation was answered, or given up (cancelled operations never call back).
    func note(done success: Bool) {
        change {
            $0.answers += 1
            $0.lastSuccess = success
        }
    }

    /// The server described a sink.
    func note(sink described: SinkReport) {
        condition.withLock { sink = described }
    }

    /// The sink last described, forgotten once taken.
    func takeSink() -> SinkReport? {
        condition.withLock {
            defer { sink = nil }
            return sink
        }
    }

    /// The server said its name and version.
    func note(serverName name: String) {
        condition.withLock { serverName = name }
    }

    /// The server's name last said, forgotten once taken.
    func takeServerName() -> String? {
        condition.withLock {
            defer { serverName = nil }
            return serverName
        }
    }

    /// The server said the stream ran out of audio. Kept without signalling: the writer takes them
    /// at its next step (`takeUnderflows`), and nothing waits for them.
    func noteUnderflow(at index: Int64) {
        let now = ContinuousClock.now
        condition.withLock { underflows.append((now, index)) }
    }

    /// The underflows noted since the last call, oldest first.
    func takeUnderflows() -> [(instant: ContinuousClock.Instant, index: Int64)] {
        condition.withLock {
            defer { underflows.removeAll() }
            return underflows
        }
    }

    /// Waits until `done` holds, at most `limit`; nil when it did not in time.
    func wait(for limit: Duration, until done: (Snapshot) -> Bool) -> Snapshot? {
        let deadline = ContinuousClock.now + limit
        condition.lock()
        defer { condition.unlock() }
        while !done(snapshot) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            _ = condition.wait(timeout: left)
        }
        return snapshot
    }

    private func change(_ body: (inout Snapshot) -> Void) {
        condition.lock()
        body(&snapshot)
        condition.broadcast()
        condition.unlock()
    }
}

extension pa_context_state_t {
    /// Connected, or never will be.
    var isSettled: Bool { self == PA_CONTEXT_READY || self == PA_CONTEXT_FAILED || self == PA_CONTEXT_TERMINATED }
}

extension pa_stream_state_t {
    var isSettled: Bool { self == PA_STREAM_READY || self == PA_STREAM_FAILED || self == PA_STREAM_TERMINATED }
}
