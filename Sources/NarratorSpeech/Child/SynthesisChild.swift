import CEspeakNG
import CNarratorSandbox
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The synthesis child: `narrator` started by the daemon with `SynthesisChild.argument`, serving
/// one engine's synthesis over the socket pair on descriptor 3 (docs/SPEECH.md).
///
/// One thread: it starts libespeak-ng (reading its data), sandboxes itself, says hello with the
/// voices, then answers requests one at a time. It keeps no state of an utterance beyond the call
/// that speaks it, so a new child after a crash continues where the old one was.
public enum SynthesisChild {
    /// The first argument that turns `narrator` into the child (not shown in `--help`).
    public static let argument = "__synthesize"
    /// The descriptor the socket pair's child end is placed on.
    static let socketDescriptor: Int32 = 3

    /// Runs the child; `arguments` are those after `argument` (`--espeak-data DIR`). Never returns.
    public static func run(_ arguments: [String]) -> Never {
        let prepared = narrator_child_prepare(socketDescriptor + 1)
        guard prepared == 0 else { exit(70) }
        var dataPath: String?
        if arguments.count == 2 && arguments[0] == "--espeak-data" { dataPath = arguments[1] }
        let channel = FrameChannel(descriptor: socketDescriptor)
        var logger = Logger(label: "narrator.synthesizer")
        logger.logLevel = .error
        let owner: EspeakOwner
        do throws(SpeechError) {
            owner = try EspeakOwner(dataPath: dataPath, logger: logger, callback: childCallback)
        } catch {
            var writer = WireWriter()
            writer.string(dataPath ?? EspeakOwner.defaultDataPath())
            writer.string(error.description)
            _ = channel.send(SynthesisWire.startFailed, writer.bytes)
            exit(1)
        }
        let sandbox = Sandbox.enter(dataFolder: EspeakOwner.defaultDataPath())
        var hello = WireWriter()
        hello.int32(Int32(owner.sampleRate))
        hello.voices(owner.voices)
        hello.voices(owner.variants)
        hello.string(sandbox)
        guard channel.send(SynthesisWire.hello, hello.bytes) else { exit(0) }
        var server = ChildServer(owner: owner, channel: channel)
        server.serve()
        exit(0)
    }
}
