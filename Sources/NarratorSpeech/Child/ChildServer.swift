import CNarratorSandbox
import NarratorWire

#if canImport(Glibc)
    import Glibc
#endif

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
        let punctuation = Punctuation(wireCode: try reader.int32())
        let capitals = CapitalLetters(wireCode: try reader.int32())
        do throws(SpeechError) {
            try owner.apply(
                byName ? .name(spec) : .language(spec),
                EspeakSettings(rate: rate, pitch: pitch, punctuation: punctuation, capitals: capitals))
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
