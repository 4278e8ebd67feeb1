import Dispatch
public import Logging
import NarratorSystem
public import NarratorVoice
public import NarratorWire
import Synchronization

/// Speech through libespeak-ng. An engine owns one thread that makes every libespeak-ng call
/// (`shared`, in this process) or every call to the sandboxed child that makes them (`isolated`,
/// docs/SPEECH.md); callers only queue work and set flags, so any thread may use it.
///
/// It speaks the speech seam's own types: a `SpeechRequest` goes in, its `SpeakerEvent`s come back.
/// Requests are spoken one at a time, in order, each to the sink it names. The next one starts
/// only when the previous one's audio has been played (or stopped), so "speaking" means audible.
public final class SpeechEngine: Sendable {
    /// Output sample rate of espeak-ng (22050 Hz for its voices): mono, signed 16-bit.
    public let sampleRate: Int
    /// Voices installed with espeak-ng, read once at start.
    public let voices: [VoiceDescription]
    public let resolver: VoiceResolver
    let control: EngineControl
    let logger: Logger
    private let threadEnded = DispatchSemaphore(value: 0)
    private let warnedLocales = Mutex<Set<String>>([])
    /// The synthesis child of an isolated engine; nil for one that speaks in this process.
    let synthesizer: SynthesizerStatus?

    private static let running = Mutex<SpeechEngine?>(nil)

    /// The process's engine, started on first use. Fails with the data folder espeak-ng looked in.
    ///
    /// libespeak-ng keeps global state, so there is one engine per process; `dataPath` and
    /// `logger` are used by the call that starts it.
    public static func shared(
        dataPath: String? = nil, logger: Logger = Logger(label: "narrator.speech")
    ) throws(SpeechError) -> SpeechEngine {
        try running.withLock { (engine: inout SpeechEngine?) throws(SpeechError) -> SpeechEngine in
            if let engine { return engine }
            let started = try SpeechEngine(dataPath: dataPath, logger: logger)
            engine = started
            return started
        }
    }

    /// An engine whose libespeak-ng runs in a sandboxed child process started from `process`
    /// (normally `narrator` itself): a crash or hang of the synthesizer fails the utterance it held,
    /// and the next one gets a new child. Not shared: each call starts its own child.
    public static func isolated(
        _ process: SynthesizerProcess = SynthesizerProcess(), dataPath: String? = nil,
        logger: Logger = Logger(label: "narrator.speech")
    ) throws(SpeechError) -> SpeechEngine {
        let status = SynthesizerStatus()
        return try SpeechEngine(logger: logger, synthesizer: status) { () throws(SpeechError) in
            try ChildSynthesizer(process: process, dataPath: dataPath, status: status, logger: logger)
        }
    }

    private convenience init(dataPath: String?, logger: Logger) throws(SpeechError) {
        try self.init(logger: logger, synthesizer: nil) { () throws(SpeechError) in
            try EspeakOwner(dataPath: dataPath, logger: logger)
        }
    }

    /// Starts the speech thread, which makes the synthesizer with `start` and serves the queue.
    private init<Owner: Synthesizer>(
        logger: Logger, synthesizer: SynthesizerStatus?,
        start: @escaping @Sendable () throws(SpeechError) -> Owner
    ) throws(SpeechError) {
        let control = EngineControl()
        let started = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<(Int, VoiceResolver), SpeechError>?>(nil)
        let ended = threadEnded
        OSThread.start(name: "narrator-speech") {
            let owner: Owner
            do throws(SpeechError) {
                owner = try start()
            } catch {
                outcome.withLock { $0 = .failure(error) }
                started.signal()
                ended.signal()
                return
            }
            let resolver = VoiceResolver(voices: owner.voices, variants: owner.variants)
            outcome.withLock { $0 = .success((owner.sampleRate, resolver)) }
            started.signal()
            var loop = SpeechLoop(owner: owner, control: control)
            loop.run()
            ended.signal()
        }
        started.wait()
        let (rate, resolver) = try outcome.withLock { $0! }.get()
        self.sampleRate = rate
        self.voices = resolver.voices
        self.resolver = resolver
        self.control = control
        self.logger = logger
        self.synthesizer = synthesizer
    }

    /// The process id of the synthesis child now running (nil in between, and for an engine that
    /// speaks in this process): tests and benchmarks signal it.
    public var synthesizerProcessID: Int32? { synthesizer?.pid }

    /// What confines the synthesis child (`landlock 7, seccomp`); nil for an in-process engine.
    public var synthesizerSandbox: String? { synthesizer?.sandbox }

    /// How many synthesis children were started, the first included; 0 for an in-process engine.
    public var synthesizerStarts: Int { synthesizer?.starts ?? 0 }

    /// The voice `locale` gets, logging a fallback once per locale.
    public func resolveVoice(_ locale: String) throws(SpeechError) -> ResolvedVoice {
        let voice = try resolver.resolve(locale)
        if let warning = voice.fallbackWarning, warnedLocales.withLock({ $0.insert(locale).inserted }) {
            logger.warning("\(warning)", metadata: ["voice.requested": "\(locale)"])
        }
        return voice
    }

    /// Queues a request. Checks it first and throws for empty or oversized text, a malformed
    /// locale or parameters out of range; nothing is queued then. Events arrive on the speech and
    /// audio threads, in order for one request: keep `observer` quick.
    public func speak(
        _ request: SpeechRequest, to sink: any AudioSink, observer: @escaping @Sendable (SpeakerEvent) -> Void
    ) throws(SpeechError) {
        do {
            try SpeechRequest.validate(text: request.text, ssml: request.ssml)
            try request.voice.validate()
        } catch {
            throw .invalidRequest(error)
        }
        try enqueueChecked(request, to: sink, observer: observer)
    }

    /// Queues a request whose text and settings were checked already (the daemon checks them
    /// above the speech seam); only its voice is resolved: the locale's, or the one it names.
    func enqueueChecked(
        _ request: SpeechRequest, to sink: any AudioSink, observer: @escaping @Sendable (SpeakerEvent) -> Void
    ) throws(SpeechError) {
        var voice = try resolveVoice(request.voice.locale)
        voice.named = try request.voice.voice.map { (name) throws(SpeechError) in try resolver.resolve(named: name) }
        if let name = request.voice.variant {
            // The variant goes over whatever voice speaks: the named one's own variant, or the locale's.
            let variant = try resolver.variant(named: name)
            voice.named = NamedVoice(voice: voice.named?.voice ?? voice.voice, variant: variant)
        }
        try control.enqueue(SpeechJob(request: request, voice: voice, sink: sink, observer: observer))
    }

    /// Stops a request, queued or speaking. Speech falls silent within one synthesis chunk, and
    /// the sink drops what it had queued. Unknown or finished ids are ignored.
    public func stop(_ id: AnnouncementID) {
        control.requestStop(id)?.interrupt(utterance: id.rawValue)
    }

    /// Stops everything queued or speaking.
    public func stopAll() {
        for id in control.liveIDs().reversed() { stop(id) }
    }

    /// Stops all speech, ends the speech thread and releases libespeak-ng. A later `shared` starts anew.
    public func shutdown() {
        let left = control.shutDown()
        for job in left { job.observer(.stopped(job.id, resumePosition: job.request.startPosition)) }
        stopAll()
        threadEnded.wait()
        threadEnded.signal()  // a second shutdown returns at once
        Self.running.withLock { if $0 === self { $0 = nil } }
    }
}
