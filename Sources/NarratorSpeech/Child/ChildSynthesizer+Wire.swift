#if canImport(Glibc)
    import Glibc
#endif

/// How `ChildSynthesizer` starts a child and reads its answers.
extension ChildSynthesizer {
    struct Hello {
        let sampleRate: Int
        let voices: [VoiceDescription]
        let variants: [VoiceDescription]
        let sandbox: String
    }

    static func launch(
        _ process: SynthesizerProcess, dataPath: String?, status: SynthesizerStatus
    ) throws(SpeechError) -> ((pid: pid_t, channel: FrameChannel), Hello) {
        let (pid, channel) = try ChildLauncher.spawn(process, dataPath: dataPath)
        let received = channel.receive(within: process.startTimeout)
        switch received {
        case .frame(SynthesisWire.hello, let payload):
            var reader = WireReader(payload)
            if let rate = try? reader.int32(), let voices = try? reader.voices(), let variants = try? reader.voices(),
                let sandbox = try? reader.string()
            {
                status.started(pid: pid, sandbox: sandbox)
                let hello = Hello(sampleRate: Int(rate), voices: voices, variants: variants, sandbox: sandbox)
                return ((pid, channel), hello)
            }
        case .frame(SynthesisWire.startFailed, let payload):
            var reader = WireReader(payload)
            if let path = try? reader.string(), let message = try? reader.string() {
                _ = ChildLauncher.reap(pid)
                throw .initializationFailed(dataPath: path, message: message)
            }
        default:
            break
        }
        let ending = ChildLauncher.reap(pid)
        if case .timedOut = received {
            throw .synthesizerFailed("the synthesizer did not start within \(process.startTimeout)")
        }
        throw .synthesizerFailed("the synthesizer did not start: \(ending)")
    }

    static func check(_ payload: [UInt8]) throws(SpeechError) {
        var reader = WireReader(payload)
        guard let code = try? reader.int32(), let function = try? reader.string() else {
            throw .synthesizerFailed("it broke the protocol")
        }
        guard code == 0 else {
            throw code == -1 ? .synthesizerFailed(function) : .espeakCall(function: function, code: code)
        }
    }

    /// The sentence starts (espeak-ng's text positions) and SSML mark names of a chunk frame, its
    /// samples put in `samples`; nil when it is malformed.
    static func parseChunk(_ payload: [UInt8], into samples: inout [Int16]) -> (sentences: [Int], marks: [String])? {
        var reader = WireReader(payload)
        guard let count = try? reader.uint16() else { return nil }
        var found: [Int] = []
        for _ in 0..<count {
            guard let position = try? reader.int32() else { return nil }
            found.append(Int(position))
        }
        guard let markCount = try? reader.uint16() else { return nil }
        var marks: [String] = []
        for _ in 0..<markCount {
            guard let name = try? reader.string() else { return nil }
            marks.append(name)
        }
        let rest = reader.remaining
        guard rest.count % 2 == 0 else { return nil }
        samples = rest.withUnsafeBytes { bytes in
            [Int16](unsafeUninitializedCapacity: bytes.count / 2) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
                initialized = bytes.count / 2
            }
        }
        return (found, marks)
    }
}
