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

/// The child's request loop.
struct ChildServer {
    var owner: EspeakOwner
    let channel: FrameChannel

    mutating func serve() {
        while case .frame(let tag, let payload) = channel.receive(within: nil) {
            var reader = WireReader(payload)
            do throws(WireReader.Malformed) {
                switch tag {
                case SynthesisWire.apply: try apply(&reader)
                case SynthesisWire.synthesize: try synthesize(&reader)
                case SynthesisWire.tryOpen:
                    let write = try reader.byte() != 0
                    let path = try reader.string()
                    reply(SynthesisWire.result, code: narrator_sandbox_try_open(path, write ? 1 : 0), function: "open")
                case SynthesisWire.cancel:
                    continue  // it came after the text it was for had ended
                default:
                    return
                }
            } catch {
                return
            }
        }
    }

    private mutating func apply(_ reader: inout WireReader) throws(WireReader.Malformed) {
        let byName = try reader.byte() == 0
        let spec = try reader.string()
        let rate = Int(try reader.int32())
        let pitch = Int(try reader.int32())
        do throws(SpeechError) {
            try owner.apply(byName ? .name(spec) : .language(spec), rate: rate, pitch: pitch)
            reply(SynthesisWire.result, code: 0, function: "")
        } catch {
            reply(SynthesisWire.result, error)
        }
    }

    private mutating func synthesize(_ reader: inout WireReader) throws(WireReader.Malformed) {
        let ssml = try reader.byte() != 0
        let text = try reader.string()
        let session = ChildSession(channel: channel)
        do throws(SpeechError) {
            try owner.synthesize(text, ssml: ssml, user: Unmanaged.passUnretained(session).toOpaque())
            reply(SynthesisWire.end, code: 0, function: "")
        } catch {
            reply(SynthesisWire.end, error)
        }
    }

    private func reply(_ tag: UInt8, _ error: SpeechError) {
        if case .espeakCall(let function, let code) = error {
            reply(tag, code: code, function: function)
        } else {
            reply(tag, code: -1, function: error.description)
        }
    }

    private func reply(_ tag: UInt8, code: Int32, function: String) {
        var writer = WireWriter()
        writer.int32(code)
        writer.string(function)
        if !channel.send(tag, writer.bytes) { exit(0) }
    }
}
