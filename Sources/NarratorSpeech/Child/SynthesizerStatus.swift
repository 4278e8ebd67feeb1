import Synchronization

/// What the speech thread publishes of its child for other threads: tests and benchmarks signal it,
/// the log and status name its sandbox.
final class SynthesizerStatus: Sendable {
    private let state = Mutex<(pid: Int32?, sandbox: String, starts: Int)>((nil, "", 0))

    func started(pid: Int32, sandbox: String) {
        state.withLock { $0 = (pid, sandbox, $0.starts + 1) }
    }

    func ended() { state.withLock { $0.pid = nil } }

    var pid: Int32? { state.withLock { $0.pid } }
    var sandbox: String { state.withLock { $0.sandbox } }
    /// How many children were started, the first included.
    var starts: Int { state.withLock { $0.starts } }
}
