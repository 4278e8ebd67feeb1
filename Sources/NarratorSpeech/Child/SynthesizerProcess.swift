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
