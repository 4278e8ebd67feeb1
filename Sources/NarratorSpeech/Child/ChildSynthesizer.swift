import Logging
import NarratorVoice

#if canImport(Glibc)
    import Glibc
#endif

/// The speech thread's side of the synthesis child: the same calls as `EspeakOwner`, made over the
/// socket pair. A child that dies, breaks the protocol or sends nothing for `hangTimeout` while it
/// should is killed and reaped; the utterance it held fails with the reason (logged once, with the
/// text's length and language, never the text) and a new child is started before the next one.
/// Nothing is retried: a text that crashes the child costs that utterance only.
struct ChildSynthesizer: Synthesizer {
    let sampleRate: Int
    let voices: [VoiceDescription]
    let variants: [VoiceDescription]
    private let process: SynthesizerProcess
    private let dataPath: String?
    private let status: SynthesizerStatus
    private let logger: Logger
    private var running: (pid: pid_t, channel: FrameChannel)?

    /// Starts the first child; its hello gives the sample rate and voices.
    init(
        process: SynthesizerProcess, dataPath: String?, status: SynthesizerStatus, logger: Logger
    ) throws(SpeechError) {
        if let dataPath { try EspeakData.check(dataPath) }
        self.process = process
        self.dataPath = dataPath
        self.status = status
        self.logger = logger
        let (child, hello) = try Self.launch(process, dataPath: dataPath, status: status)
        sampleRate = hello.sampleRate
        voices = hello.voices
        variants = hello.variants
        running = child
        logger.debug(
            "Synthesizer started", metadata: ["synthesizer.pid": "\(child.pid)", "sandbox": "\(hello.sandbox)"])
    }

    mutating func apply(_ voice: ResolvedVoice, _ settings: VoiceRequest) throws(SpeechError) {
        let channel = try ensureRunning()
        var writer = WireWriter()
        switch VoiceSelection(voice) {
        case .name(let name):
            writer.byte(0)
            writer.string(name)
        case .language(let language):
            writer.byte(1)
            writer.string(language)
        }
        writer.int32(Int32(settings.rate))
        writer.int32(Int32(settings.pitch))
        writer.int32(settings.punctuation.wireCode)
        writer.int32(settings.capitals.wireCode)
        guard channel.send(SynthesisWire.apply, writer.bytes) else {
            throw lost("it closed its connection", textBytes: 0, language: settings.locale)
        }
        switch channel.receive(within: process.hangTimeout) {
        case .frame(SynthesisWire.result, let payload):
            try Self.check(payload)
        case .frame:
            throw lost("it broke the protocol", textBytes: 0, language: settings.locale)
        case .closed:
            throw lost(nil, textBytes: 0, language: settings.locale)
        case .timedOut:
            throw lost(hangReason, textBytes: 0, language: settings.locale)
        }
    }

    mutating func synthesize(_ text: String, ssml: Bool, context: SynthesisContext) throws(SpeechError) {
        let channel = try ensureRunning()
        let language = context.job.request.voice.locale
        let bytes = text.utf8.count
        var writer = WireWriter()
        writer.byte(ssml ? 1 : 0)
        writer.string(text)
        guard channel.send(SynthesisWire.synthesize, writer.bytes) else {
            throw lostDuring(context, "it closed its connection", bytes, language)
        }
        var cancelled = false
        var samples: [Int16] = []
        while true {
            switch channel.receive(within: process.hangTimeout) {
            case .frame(SynthesisWire.chunk, let payload):
                guard !cancelled else { continue }
                // A child that died mid-text may have left seconds of chunks in the socket, which the
                // sink would take at the pace it plays them: its death is seen at the next chunk instead.
                if channel.peerClosed && !channel.leftHolds(SynthesisWire.end) {
                    throw lostDuring(context, nil, bytes, language)
                }
                guard let found = Self.parseChunk(payload, into: &samples) else {
                    throw lostDuring(context, "it broke the protocol", bytes, language)
                }
                let more = samples.withUnsafeMutableBufferPointer {
                    context.deliver($0, sentenceStarts: found.sentences, marks: found.marks)
                }
                if !more {
                    cancelled = true
                    guard channel.send(SynthesisWire.cancel) else { throw lostDuring(context, nil, bytes, language) }
                }
            case .frame(SynthesisWire.end, let payload):
                try Self.check(payload)
                return
            case .frame:
                throw lostDuring(context, "it broke the protocol", bytes, language)
            case .closed:
                throw lostDuring(context, nil, bytes, language)
            case .timedOut:
                throw lostDuring(context, hangReason, bytes, language)
            }
        }
    }

    /// Starts a child now if the last one was lost, so the next utterance does not wait for it.
    mutating func prepareNext() {
        guard running == nil else { return }
        do throws(SpeechError) {
            _ = try ensureRunning()
        } catch {
            logger.error("The speech synthesizer could not be restarted: \(error)")
        }
    }

    mutating func terminate() {
        guard let child = running else { return }
        running = nil
        status.ended()
        _ = ChildLauncher.reap(child.pid)
    }

    private var hangReason: String { "it sent nothing for \(process.hangTimeout)" }

    private mutating func ensureRunning() throws(SpeechError) -> FrameChannel {
        // An idle child sends nothing: anything to read now is its end (it died between utterances,
        // killed, say). It is replaced before the next utterance, which it would otherwise cost.
        if let child = running, child.channel.hasInput {
            running = nil
            status.ended()
            let ending = ChildLauncher.reap(child.pid)
            logger.error(
                "The speech synthesizer failed between announcements: \(ending). A new one speaks the next.",
                metadata: ["synthesizer.pid": "\(child.pid)"])
        }
        if let running { return running.channel }
        let (child, hello) = try Self.launch(process, dataPath: dataPath, status: status)
        running = child
        logger.debug(
            "Synthesizer restarted", metadata: ["synthesizer.pid": "\(child.pid)", "sandbox": "\(hello.sandbox)"])
        return child.channel
    }

    /// The utterance's audio is dropped (the sink would play the part before the loss otherwise),
    /// then the loss is handled as below.
    private mutating func lostDuring(
        _ context: SynthesisContext, _ reason: String?, _ bytes: Int, _ language: String
    ) -> SpeechError {
        context.job.sink.interrupt(utterance: context.job.sinkID)
        return lost(reason, textBytes: bytes, language: language)
    }

    /// Kills and reaps the child, logs the loss once, and returns the utterance's error.
    private mutating func lost(_ reason: String?, textBytes: Int, language: String) -> SpeechError {
        guard let child = running else { return .synthesizerFailed("the synthesizer is not running") }
        running = nil
        status.ended()
        let ending = ChildLauncher.reap(child.pid)
        let why = reason.map { "\($0); \(ending)" } ?? ending
        // Once per loss, with what helps to find the text again (its length and language), never the text.
        let text = textBytes > 0 ? "speaking \(textBytes) bytes of \(language) text" : "choosing a \(language) voice"
        logger.error(
            "The speech synthesizer failed while \(text): \(why). A new one speaks the next announcement.",
            metadata: [
                "text.bytes": "\(textBytes)", "speech.language": "\(language)", "synthesizer.pid": "\(child.pid)",
            ])
        return .synthesizerFailed(why)
    }
}
