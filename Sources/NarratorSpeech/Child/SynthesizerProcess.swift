import Synchronization

/// How an engine starts its synthesis child (`SpeechEngine.isolated`), and what it knows of the
/// one running.
public struct SynthesizerProcess: Sendable {
    /// The program (normally the running `narrator`, `/proc/self/exe`) and its arguments, to which
    /// `--espeak-data DIR` is added when one is given.
    public var executable: String
    public var arguments: [String]
    /// How long the child may send nothing while it should be speaking (or answering) before it is
    /// taken as hung, killed and restarted.
    public var hangTimeout: Duration
    /// How long a new child may take to load espeak-ng's data and say hello.
    public var startTimeout: Duration

    public init(
        executable: String = "/proc/self/exe", arguments: [String] = [SynthesisChild.argument],
        hangTimeout: Duration = .seconds(3), startTimeout: Duration = .seconds(10)
    ) {
        self.executable = executable
        self.arguments = arguments
        self.hangTimeout = hangTimeout
        self.startTimeout = startTimeout
    }
}

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
