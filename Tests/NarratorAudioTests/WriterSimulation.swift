import NarratorVoice

@testable import NarratorAudio

/// The writer machine and the mixer's real state, driven in simulated time against a `FakeServer`,
/// one utterance at a time as the speech thread writes them: what `Mixer.runWriter` does, without
/// threads or a clock, so that a random sequence of faults is replayed exactly.
struct WriterSimulation {
    static let rate = 22050
    var server = FakeServer(rate: rate)
    var machine: WriterMachine<TestInstant>
    var state: MixerState
    /// How each utterance ended, every time it was told (more than one entry is a bug).
    var endings: [UInt64: [PlaybackResult]] = [:]
    /// Each utterance's length in samples; its samples are all `value(of:)`.
    var lengths: [UInt64: Int] = [:]
    /// How long each utterance took from being queued to its end.
    var spans: [UInt64: Duration] = [:]
    private var startedAt: [UInt64: Duration] = [:]
    private var speaking: UInt64?
    /// When the speaking utterance must have been heard by (the mixer's `speechDue`).
    private var due: TestInstant?
    private var nextID: UInt64 = 1
    private var now: TestInstant { TestInstant(sinceStart: server.now) }

    init() {
        let settings = WriterMachine<TestInstant>.Settings(sampleRate: Self.rate, isRealTime: true, outputName: "fake")
        machine = WriterMachine(settings: settings, now: .zero)
        state = MixerState(
            output: OutputStatus(output: "fake"), sampleRate: Self.rate, sliceFrames: settings.sliceFrames)
    }

    /// The sample every frame of utterance `id` carries, as mixed (speech alone is written as it is).
    static func value(of id: UInt64) -> Int16 { Int16(2000 + 2 * Int(id % 1000)) }

    /// Starts the next utterance of `frames` samples, if none is speaking.
    mutating func say(frames: Int) {
        guard speaking == nil else { return }
        let id = nextID
        nextID += 1
        speaking = id
        lengths[id] = frames
        startedAt[id] = server.now
        state.speech.begin(id)
        state.speech.append(.pcm([Int16](repeating: Self.value(of: id), count: frames)))
        let ending = Ending()
        state.speech.append(.finish(ending.handler))
        // As `SpeechChannel.finish` gives it: the audio, the largest lead, the grace.
        let ahead = Duration.microseconds((frames + Self.rate / 4) * 1_000_000 / Self.rate)
        due = now.advanced(by: ahead + Mixer.speechGrace)
        pendingEndings.append((id, ending))
    }

    /// Stops the utterance speaking, as `SpeechChannel.interrupt` does.
    mutating func interrupt() {
        guard speaking != nil, !state.speech.isRefusing else { return }
        state.speech.interrupted = true
        let items = state.waitingToBeHeard.map(\.item) + state.speech.removeAll()
        state.waitingToBeHeard.removeAll()
        if state.speechEnd > 0 { state.cutRequested = true }
        for item in items { item.settle(.interrupted) }
        collect()
    }

    private var pendingEndings: [(UInt64, Ending)] = []

    /// Records endings told since the last look; the speaking utterance is done once it has one.
    private mutating func collect() {
        for (id, ending) in pendingEndings {
            let told = ending.take()
            guard !told.isEmpty else { continue }
            endings[id, default: []] += told
            if let start = startedAt.removeValue(forKey: id) { spans[id] = server.now - start }
            if speaking == id {
                speaking = nil
                due = nil
            }
        }
    }

    /// Runs the writer until simulated time `until`.
    mutating func run(for duration: Duration) {
        let end = server.now + duration
        var steps = 0
        while server.now < end {
            steps += 1
            if steps > 1_000_000 { fatalError("the writer machine spins without time passing") }
            if !state.hasSound { state.takeTrailingMarks() }
            let action = machine.next(state.writerView(deadline: due), now: now)
            perform(action, until: end)
            collect()
        }
    }

    private mutating func perform(_ action: WriterMachine<TestInstant>.Action, until end: Duration) {
        switch action {
        case .wait(let until):
            server.advance(to: min(end, until?.sinceStart ?? end))
        case .open:
            if let error = server.openStream() {
                machine.take(.failed(reason: error.description, isStall: false), now: now)
            } else {
                machine.take(.opened(rewrites: false), now: now)
            }
        case .measure:
            switch server.backlog() {
            case .success(let backlog): machine.take(.unheard(backlog.unheard, queued: backlog.queued), now: now)
            case .failure(let error): machine.take(.failed(reason: error.description, isStall: error.isStall), now: now)
            }
        case .check:
            machine.take(.connected(server.open && !server.dead), now: now)
        case .write(let frames):
            var slice = [Int16](repeating: 0, count: frames)
            state.mix(into: &slice)
            written(slice)
        case .pad(let frames):
            var slice = [Int16](repeating: 0, count: frames)
            state.padWithSilence(into: &slice)
            written(slice)
        case .rewrite(let frames):
            // The fake server cannot write over its queue (it opens with `rewrites: false`), and
            // these runs play no earcons: nothing asks for this.
            _ = state.rewrite(back: frames)
            machine.take(.rewrote, now: now)
        case .cut:
            state.cutRequested = false
            state.cutUtterance = nil
            // What the server holds unplayed, without a call (a cut's faults come with its discard).
            machine.take(.cutMeasured(unheard: server.queue.count), now: now)
        case .discard:
            discard()
        case .forgetCut:
            state.cutRequested = false
            state.cutUtterance = nil
        case .settle(let frame):
            for item in state.heard(upTo: frame) { item.settle(.played) }
        case .timed, .leadChanged:
            // Timing and the lead's figure change nothing the simulation checks (WriterHearingTests
            // and WriterMachineTests check them).
            break
        case .endBurst:
            let items = state.heard(upTo: .max)
            state.burstOpen = false
            for item in items { item.settle(.played) }
        case .failInFlight(let reason):
            for item in state.failInFlight(reason) { item.settle(.failed(reason)) }
        case .report(let lost):
            state.output.condition = lost.map { .lost($0) } ?? .working
        case .close:
            server.close()
        }
    }

    private mutating func written(_ slice: [Int16]) {
        if let error = server.write(slice) {
            machine.take(.failed(reason: error.description, isStall: error.isStall), now: now)
        } else {
            state.written += slice.count
            machine.take(.wrote(frames: slice.count), now: now)
        }
    }

    /// A cut's discard as `Mixer.discard` does it: drop what the server has queued, rewind, write back.
    private mutating func discard() {
        switch server.discard() {
        case .failure(let error):
            machine.take(.failed(reason: error.description, isStall: error.isStall), now: now)
        case .success(let dropped):
            let refill = state.rewind(dropped)
            if !refill.isEmpty, let error = server.write(refill) {
                machine.take(.failed(reason: error.description, isStall: error.isStall), now: now)
                return
            }
            state.written += refill.count
            machine.take(
                .cut(wroteBack: !refill.isEmpty, speechEnd: min(state.speechEnd, state.written)), now: now)
        }
    }

    /// How many samples of utterance `id` the server played.
    func heardSamples(of id: UInt64) -> Int { server.played.count { $0 == Self.value(of: id) } }

    var speakingNow: UInt64? { speaking }
}

/// Endings a finish handler was told, kept until the simulation collects them.
final class Ending: @unchecked Sendable {
    private var told: [PlaybackResult] = []
    var handler: @Sendable (PlaybackResult) -> Void { { self.told.append($0) } }
    func take() -> [PlaybackResult] {
        defer { told = [] }
        return told
    }
}
