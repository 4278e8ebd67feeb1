public import Logging
import NarratorSystem
public import NarratorVoice
import NarratorWire
import Synchronization

/// The daemon's one audio output: a writer thread that mixes the speech stream and any number of
/// earcons, sample by sample, into one device (docs/AUDIO.md).
///
/// Callers (the speech thread, the daemon's event loop) only take the lock, change the state and
/// signal; the writer thread alone touches the device. So a sound server that stalls blocks the
/// writer, never a caller, and stopping speech never flushes the device from the caller's thread.
public final class Mixer: @unchecked Sendable {
    /// The writer's numbers: 10 ms slices, 100 ms kept ahead (40 ms on a device that cannot write
    /// over its queue; more while the server holds back),
    /// a real-time device closed after 3 s idle (docs/AUDIO.md).
    let machineSettings: WriterMachine<ContinuousClock.Instant>.Settings
    /// The writer's state; only touched by the writer thread, with `lock` held.
    var machine: WriterMachine<ContinuousClock.Instant>
    /// An utterance must have been heard by the time its audio takes, plus what may be written
    /// ahead of it, plus this (a loaded machine may starve the sound server for a while).
    static let speechGrace = Duration.seconds(4)
    /// The most earcons that may sound at once.
    public static let maximumEarcons = 32
    /// The longest earcon: the protocol's longest sound, which the sound book holds to as well.
    public static let maximumEarconMilliseconds = ProtocolLimits.maximumSoundMilliseconds

    public let sampleRate: Int
    /// Samples per frame the output was asked for, interleaved: 2 (left, right), or 1 for a mono
    /// output (`mono:`), where every sound is mixed unplaced (docs/AUDIO.md, "Placing sounds"). What
    /// `play` takes unless told otherwise; `mixingChannels` is what the mixer mixes in now.
    public let channels: Int
    public let outputName: String
    let opener: AudioDeviceOpener
    let logger: Logger
    private let watchers = Mutex<[@Sendable (OutputStatus) -> Void]>([])
    private let timingWatchers = Mutex<[@Sendable (OutputTiming) -> Void]>([])
    /// Guards `state`; signalled on every change, so the writer and a waiting speech thread wake.
    let lock = ConditionLock()
    /// Shared between callers and the writer; only touched with `lock` held.
    var state: MixerState
    private let writerEnded = ConditionLock()
    private var writerRunning = true
    /// The speech engine's sink into this mixer.
    public private(set) lazy var speech: any AudioSink = SpeechChannel(mixer: self)

    /// Starts the writer thread, which tries the output once at once so that a missing sound
    /// server is reported at start.
    public init(opener: AudioDeviceOpener, sampleRate: Int, logger: Logger) {
        self.opener = opener
        self.sampleRate = sampleRate
        self.channels = opener.channels
        self.outputName = opener.name
        self.logger = logger
        let settings = WriterMachine<ContinuousClock.Instant>.Settings(
            sampleRate: sampleRate, isRealTime: opener.isRealTime, outputName: opener.name)
        self.machineSettings = settings
        self.machine = WriterMachine(settings: settings, now: .now)
        var output = OutputStatus(output: opener.name)
        output.server = opener.server
        self.state = MixerState(
            output: output, sampleRate: sampleRate, sliceFrames: max(1, sampleRate / 100),
            channels: opener.channels)
        _ = speech
        OSThread.start(name: "narrator-audio") { [self] in
            runWriter()
            writerEnded.withLock {
                writerRunning = false
                writerEnded.broadcast()
            }
        }
    }

    /// Starts an earcon now, mixed with whatever sounds, each sample multiplied by `gain` (1 plays it
    /// as rendered; the limiter keeps the mix within 16 bits). `samples` are interleaved in
    /// `channels` (the output's `channels` when nil), placed already (a sound book renders them so);
    /// render them in `mixingChannels`, or they are converted (`ChannelLayout`: a placed sound loses
    /// its place). Throws when too many sound at once or it is too long; returns at once (the writer
    /// plays it).
    public func play(_ samples: [Int16], channels: Int? = nil, gain: Double = 1) throws(MixerError) {
        guard !samples.isEmpty else { return }
        let requested = ContinuousClock.now
        let made = channels ?? self.channels
        guard made == 1 || made == 2, samples.count % made == 0 else { throw .channels(made) }
        guard samples.count / made <= sampleRate * Self.maximumEarconMilliseconds / 1000 else {
            throw .tooLong(milliseconds: Self.maximumEarconMilliseconds)
        }
        try withState { (state: inout MixerState) throws(MixerError) in
            guard !state.closed else { throw .closed }
            guard state.earcons.count < Self.maximumEarcons else { throw .tooMany(Self.maximumEarcons) }
            let mixed = ChannelLayout.convert(samples[...], from: made, to: state.channels)
            state.earcons.append(.init(samples: mixed, gain: max(0, gain), requested: requested))
        }
    }

    /// Calls `handler` with the output's status now, then (on the writer thread) each time the
    /// output is lost or works again: a change made before the watch began is not missed. Reports
    /// may cross on their way; the newest is the one with the latest `since`.
    public func watch(_ handler: @escaping @Sendable (OutputStatus) -> Void) {
        watchers.withLock { $0.append(handler) }
        handler(status)
    }

    /// Calls `handler` (on the writer thread) each time the hearing of an edge of a sound was timed:
    /// an utterance's or an earcon's first audible sample, or the end of a stopped utterance
    /// (docs/AUDIO.md, W19). Nothing is measured for it: the times come from the measures the writer
    /// makes anyway.
    public func watchTimings(_ handler: @escaping @Sendable (OutputTiming) -> Void) {
        timingWatchers.withLock { $0.append(handler) }
    }

    /// Tells the timing watchers (lock released).
    func announce(_ timings: [OutputTiming]) {
        let handlers = timingWatchers.withLock { $0 }
        for timing in timings { for handler in handlers { handler(timing) } }
    }

    /// Tells the watchers of a change of condition.
    func announce(_ status: OutputStatus) {
        for watcher in watchers.withLock({ $0 }) { watcher(status) }
    }

    /// Blocks until nothing is left to play and everything written has been heard, or the output
    /// failed, or `limit` passed (false). For one-shot tools (`narrator play`), not the daemon.
    public func waitUntilQuiet(limit: Duration = .seconds(30)) -> Bool {
        let deadline = ContinuousClock.now + limit
        lock.lock()
        defer { lock.unlock() }
        while state.hasSound || state.burstOpen || !state.waitingToBeHeard.isEmpty {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            _ = lock.wait(timeout: left)
        }
        return true
    }

    /// Where sound goes, whether it works, and since when.
    public var status: OutputStatus { lock.withLock { outputStatus } }

    /// The output's status (lock held): the mixer's record of its condition and channels, with
    /// whether a device is open, the underruns counted and the lead, as the writer machine has them.
    var outputStatus: OutputStatus {
        var status = state.output
        status.isOpen = machine.hasDevice
        status.underruns = machine.gaps
        status.leadMilliseconds = machine.lead.map { Double($0) * 1000 / Double(sampleRate) }
        return status
    }

    /// Stops the writer after it has dropped what was queued, and closes the device. Waits at most
    /// two seconds: a writer stuck in a stalled sound server must not hold up the daemon's exit.
    public func close() {
        let dropped = withState { state -> [SpeechQueue.Item] in
            state.closed = true
            state.speechDue = nil
            state.earcons.removeAll()
            defer { state.waitingToBeHeard.removeAll() }
            return state.waitingToBeHeard.map(\.item) + state.speech.removeAll()
        }
        for item in dropped { item.settle(.interrupted) }
        let deadline = ContinuousClock.now + .seconds(2)
        writerEnded.withLock {
            while writerRunning {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero, writerEnded.wait(timeout: left) || writerRunning else { break }
            }
        }
    }

    /// Runs `body` on the shared state under the lock, then wakes the writer and any waiting writer
    /// of speech.
    func withState<Result, Failure>(_ body: (inout MixerState) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer {
            lock.broadcast()
            lock.unlock()
        }
        return try body(&state)
    }

    /// Like `withState`, but `body` returning nil means "wait for the writer to make room" and is
    /// run again after the next change.
    func withStateWaiting<Result>(_ body: (inout MixerState) -> Result?) -> Result {
        lock.lock()
        defer {
            lock.broadcast()
            lock.unlock()
        }
        while true {
            if let result = body(&state) { return result }
            lock.wait()
        }
    }

    /// The duration of `frames` at the mixer's rate.
    func duration(of frames: Int) -> Duration {
        .microseconds(max(frames, 0) * 1_000_000 / sampleRate)
    }
}

extension Mixer: SoundOutput {
    /// `play`, for the daemon's seam: the refusal keeps the mixer's sentence.
    public func startSound(_ samples: [Int16], channels: Int, gain: Double) throws(SoundRefusal) {
        do {
            try play(samples, channels: channels, gain: gain)
        } catch {
            throw SoundRefusal(error.description)
        }
    }
}
