/// The mixer's writer as a pure machine: what the mixer holds and what the device said go in,
/// the one next thing to do comes out. The writer thread only carries it out and decides nothing
/// (docs/AUDIO.md, "The writer's rules", each rule tied to a test in WriterMachineTests or beside it).
///
/// Its state is nested by phase (`State`): what lives only while a device is open, or only for one
/// burst of sound, is held in that phase's value, so leaving the phase drops it; nothing is reset
/// by hand.
///
/// Generic over the instant so that tests drive it with a counter instead of a clock.
struct WriterMachine<Instant: InstantProtocol> where Instant.Duration == Swift.Duration {
    /// Fixed numbers of one mixer.
    struct Settings {
        var sampleRate: Int
        /// Frames mixed per write (10 ms).
        var sliceFrames: Int
        /// Whether the device plays in real time (a sound server) rather than taking all at once.
        var isRealTime: Bool
        /// Frames kept written ahead of what is heard, unless the server holds back: 100 ms on a
        /// device that can write over its queue (an earcon does not wait behind them, W17), so a
        /// writer late by tens of milliseconds on a loaded machine leaves no gap.
        var leadFrames: Int
        /// The lead on a device that cannot write over its queue (40 ms): an earcon under speech
        /// starts behind it there.
        var fixedQueueLeadFrames: Int
        /// The most the lead may grow to while the server holds back (250 ms).
        var maximumLeadFrames: Int
        /// What each underrun counted adds to the lead (20 ms, W20).
        var leadStepFrames: Int
        /// The most underruns may add to the lead (100 ms, W20).
        var maximumAddedLeadFrames: Int
        /// How long without an underrun counted takes the added lead a step back (60 s, W20).
        var steadyPeriod = Duration.seconds(60)
        /// Playback that has not moved for this long while the writer waits means the server
        /// wants more before it plays (50 ms: longer than a sound server's usual period).
        var holdBack = Duration.milliseconds(50)
        /// Playback that has not moved for this long while audio is owed is a loss (4 s: a machine
        /// under heavy load may starve the sound server for a second or two without anything being
        /// wrong with it).
        var stuckLimit = Duration.seconds(4)
        /// A device that has not answered for this long is given up as lost (3 s).
        var stallLimit = Duration.seconds(3)
        /// A real-time device with nothing to do is closed after this long (3 s).
        var idleClose = Duration.seconds(3)
        /// What an earcon written over queued audio leaves of the queue before it (5 ms): the
        /// server plays on while the write travels to it.
        var rewriteMarginFrames: Int

        /// The output's name, which begins every reason the machine gives for a loss.
        var outputName: String

        init(sampleRate: Int, isRealTime: Bool, outputName: String) {
            self.sampleRate = sampleRate
            self.outputName = outputName
            self.sliceFrames = max(1, sampleRate / 100)
            self.isRealTime = isRealTime
            self.leadFrames = max(1, sampleRate / 10)
            self.fixedQueueLeadFrames = max(1, sampleRate / 25)
            self.maximumLeadFrames = max(1, sampleRate / 4)
            self.leadStepFrames = sampleRate / 50
            self.maximumAddedLeadFrames = sampleRate / 10
            self.rewriteMarginFrames = sampleRate / 200
        }
    }

    /// The device's life, as tests and logs name it (the state without what each phase holds).
    enum Phase: Equatable {
        /// No device; the next sound opens one.
        case closed
        /// A device that answers.
        case open
        /// A device that stopped answering at `since`; given up after `stallLimit`.
        case stalled(since: Instant)
        /// No device since it failed at `at`; sounds fail at once until the retry delay has
        /// passed, then the next sound opens it again.
        case lost(at: Instant, reason: String)
    }

    /// The machine's state, each phase holding what lives only while it lasts.
    enum State: Equatable {
        /// No device. `reopening`: it was closed to be opened again at once for the burst that
        /// found it broken (W16); broken again, that burst's device is a loss.
        case closed(reopening: Bool)
        case open(Device)
        /// A device that stopped answering at `since`, with what it held when it did.
        case stalled(Device, since: Instant)
        case lost(at: Instant, reason: String)
    }

    /// What underruns added to the lead (W20): nothing, or `frames` since `since`, when it last
    /// changed. It is the output's, not a device's or a burst's: it holds across both.
    enum AddedLead: Equatable {
        case none
        case raised(frames: Int, since: Instant)

        var frames: Int {
            if case .raised(let frames, _) = self { return frames }
            return 0
        }
    }

    /// What lives only while a device is open (or stalled).
    struct Device: Equatable {
        /// Whether it can write over what it has queued (W17).
        var rewrites: Bool
        var use: Use
    }

    /// What an open device is doing.
    enum Use: Equatable {
        /// Nothing owed since `since` (nil before the first step that saw it so): a real-time
        /// device is closed `idleClose` after it (W13).
        case idle(since: Instant?)
        case burst(Burst)
    }

    /// What lives only for one burst: from the step that finds a sound owed (or a cut asked for)
    /// on an open device to the step that finds nothing owed. The lead's growth (W6), the padding
    /// (W9), the watch on playback (W11) and the first lead without measures (W5) start over with
    /// each burst because each burst starts with a new one of these.
    struct Burst: Equatable {
        /// Something of this burst went to the device (W16: broken after that is a loss).
        var wrote = false
        /// The device was already opened again for this burst (W16).
        var reopened = false
        /// The device said it is still connected, before the burst's first slice (W5, W16).
        var connected = false
        /// Frames written in this burst before its first measure (W5).
        var unmeasured = 0
        /// Silence written at this burst's end since the last audio (W9).
        var padded = 0
        /// The last measure, nil once something was written or time passed since.
        var measure: Measure?
        /// Where playback stands, from the burst's first measure on.
        var playback: Playback?
        /// A cut in progress (W14).
        var cut: Cut?
    }

    /// What a measure found: frames written and not yet heard, and the part of them still queued
    /// in our stream, which the lead is about.
    struct Measure: Equatable {
        var unheard: Int
        var queued: Int
    }

    /// Where playback stood at the last measure of a burst, and what follows from how it moved.
    struct Playback: Equatable {
        var position: Int
        /// Since when it has stood at `position` (W11).
        var movedAt: Instant
        /// Since when the writer has waited on it without giving the server more (W6, W9).
        var heldSince: Instant
        /// Frames the lead has grown by in this burst, because the server held back (W6).
        var extraLead = 0
    }

    /// A cut between its steps: it began at `began`, for `utterance`; `unheard` is what its
    /// measure found not yet heard (nil until it is measured).
    struct Cut: Equatable {
        var began: Instant
        var utterance: UInt64?
        var unheard: Int?
    }

    /// What the mixer holds, read under its lock for each step.
    struct View: Equatable {
        /// Frames the next slice would hold (0: nothing to mix).
        var nextSlice = 0
        var cutRequested = false
        /// Audio written and not yet heard through.
        var burstOpen = false
        /// The frame of the first speech mark waiting to be heard.
        var firstWaiting: Int?
        /// When the first finished utterance waiting to be heard must have been heard by.
        var deadline: Instant?
        var written = 0
        var audibleUntil = 0
        /// An earcon has just started while audio written before it may still wait to be played.
        var earconStarting = false
        /// The frame after the last one that carried speech: a cut drops the device's unheard
        /// frames only while speech is among them.
        var speechEnd = 0
        /// The utterance the requested cut stops (its end is timed, W19).
        var cutUtterance: UInt64?
    }

    /// What the device said.
    enum Report: Equatable {
        /// The device opened; `rewrites` when it can write over what it has queued.
        case opened(rewrites: Bool)
        /// A call failed; `isStall` when it did not answer in time rather than refused.
        case failed(reason: String, isStall: Bool)
        /// Whether the device still looks connected (`Action.check`).
        case connected(Bool)
        /// Frames written and not yet heard, and the part of them still queued in our stream
        /// (the rest is the server's own latency).
        case unheard(Int, queued: Int)
        /// What a cut's measure found not yet heard.
        case cutMeasured(unheard: Int)
        /// A write of `frames` went through.
        case wrote(frames: Int)
        /// A write over queued audio went through (or there was nothing to write).
        case rewrote
        /// Unheard audio was dropped; `wroteBack` when earcons sounding through it were written
        /// back after it. What is left of the stopped speech ends at `speechEnd`.
        case cut(wroteBack: Bool, speechEnd: Int)
    }

    /// The one next thing for the writer thread to do.
    enum Action: Equatable {
        case open
        /// Ask the device how much is not heard yet (a round trip to the server).
        case measure
        /// Ask the device whether it is still connected, known without asking the server: a
        /// burst's first slice goes without a measure (W5), and a device found broken then is
        /// opened again (W16).
        case check
        /// Mix the next `frames` and write them.
        case write(frames: Int)
        /// Write `frames` of silence, to push out what a server holds back at a burst's end.
        case pad(frames: Int)
        /// Mix the earcons that just started into the last `frames` written and write them over
        /// those (0: let them start with the next slice).
        case rewrite(frames: Int)
        /// Take the requested cut from the mixer and measure what the device has not played.
        case cut
        /// Drop the `unheard` frames the cut's measure found (speech is among them), rewind the
        /// mixer by what was dropped and write back the earcons' part of it.
        case discard(unheard: Int)
        /// Take the requested cut from the mixer: there is no device to cut.
        case forgetCut
        /// Settle the speech marks playback has reached.
        case settle(upTo: Int)
        /// Tell the watchers when these edges of sounds were heard (W19).
        case timed([HearingTimes<Instant>.Timing])
        /// The lead changed (W20): tell the watchers the output's figures.
        case leadChanged
        /// Everything written was heard: settle every mark left, the burst is over.
        case endBurst
        /// Fail what is in flight (speech and earcons) with this reason.
        case failInFlight(String)
        case close
        /// The output's condition changed: nil is working, else lost with the reason.
        case report(lost: String?)
        /// Nothing to do until `until` (nil: until the mixer changes).
        case wait(until: Instant?)
    }

    /// An underflow that broke a sound (W18), with what its warning says.
    struct Gap: Equatable {
        /// How long audio had been owed when the server ran dry.
        var owed: Duration
        /// How long before the report the last write of audio went through.
        var sinceWrite: Duration?
        /// What the last measure found queued in our stream.
        var queuedFrames: Int
    }

    let settings: Settings
    private(set) var state = State.closed(reopening: false)
    /// Losses since the output last took a write (0: it works).
    private(set) var failures = 0
    /// Done before anything else, in order: the consequences of a report.
    private var pending: [Action] = []
    /// The last action handed out writes to the device (a write, silence, or a cut).
    private var writing = false
    /// When the last write of audio went through, and what the last measure found queued: an
    /// underrun's warning says both, which tells a writer that did not run from a server that read
    /// more than it had.
    private var lastWrote: Instant?
    private var lastQueued = 0
    /// When the mixer held audio not yet written, to tell the server's underflows apart (W18).
    private var underflows: UnderflowJudge<Instant>
    /// Underflows that broke a sound since the mixer started.
    private(set) var gaps = 0
    /// The edges of sounds written and not yet heard (W19).
    private var hearing: HearingTimes<Instant>
    /// Frames written, as the last step saw them: where playback stands is this less what a
    /// measure found unheard.
    private var written = 0
    /// What underruns added to the lead (W20).
    private(set) var addedLead = AddedLead.none
    /// The lead of the output's device, before anything is added: the last one opened's.
    private var floorLead: Int

    init(settings: Settings, now: Instant) {
        self.settings = settings
        self.underflows = UnderflowJudge(
            margin: .microseconds(settings.sliceFrames * 1_000_000 / max(1, settings.sampleRate)))
        self.hearing = HearingTimes(sampleRate: settings.sampleRate)
        self.floorLead = settings.leadFrames
    }

    /// The lead the writer keeps now on a real-time device (W5, W20), in frames; nil for a file.
    var lead: Int? { settings.isRealTime ? floorLead + addedLead.frames : nil }

    /// The device's life without what its phase holds.
    var phase: Phase {
        switch state {
        case .closed: .closed
        case .open: .open
        case .stalled(_, let since): .stalled(since: since)
        case .lost(let at, let reason): .lost(at: at, reason: reason)
        }
    }

    /// Whether a device is open (answering or not).
    var hasDevice: Bool {
        switch state {
        case .open, .stalled: true
        case .closed, .lost: false
        }
    }

    /// Whether the output took the last thing written to it (or never failed).
    var working: Bool { failures == 0 }

    static var notHeard: String {
        "speech was not heard within its length: the sound server took it and did not play it."
    }

    /// The delay before opening again after `failures` failures in a row: at once for the first
    /// sound after a loss, then 100 ms doubling to at most 1 s.
    static func retryDelay(afterFailures failures: Int) -> Duration {
        failures <= 1 ? .zero : .milliseconds(min(1000, 100 << min(failures - 2, 4)))
    }

    /// The next thing to do, given what the mixer holds now.
    mutating func next(_ view: View, now: Instant) -> Action {
        underflows.see(owed: view.nextSlice > 0, now: now)
        written = view.written
        relaxLead(now: now)
        if !pending.isEmpty { return pending.removeFirst() }
        switch state {
        case .closed, .lost:
            return withoutDevice(view, now: now)
        case .stalled(_, let since):
            if let deadline = view.deadline, deadline < now { return lose(Self.notHeard, now: now) }
            if since.duration(to: now) >= settings.stallLimit {
                return lose("the sound server has not answered for \(settings.stallLimit).", now: now)
            }
            return .measure
        case .open(var device):
            var burst: Burst
            switch device.use {
            case .burst(let current):
                burst = current
            case .idle where view.nextSlice > 0 || view.burstOpen || view.cutRequested:
                burst = Burst()
            case .idle(let since):
                if let deadline = view.deadline, deadline < now { return lose(Self.notHeard, now: now) }
                guard view.firstWaiting == nil else {
                    burst = Burst()
                    break
                }
                return idle(since: since, rewrites: device.rewrites, now: now)
            }
            let action = withDevice(&burst, rewrites: device.rewrites, view, now: now)
            // The step may have left the phase (a loss).
            guard case .open = state else { return action ?? .wait(until: nil) }
            guard let action else {
                // Nothing owed: the burst is over, and with it its lead, its padding and the
                // watch on playback (a quiet device is not a stuck one).
                return idle(since: nil, rewrites: device.rewrites, now: now)
            }
            device.use = .burst(burst)
            state = .open(device)
            return action
        }
    }

    /// The device said the server ran out of our audio at `instant`: whether that broke a sound
    /// (W18): the mixer held audio the writer had not written since before then. Underflows are
    /// taken before the next step, so the spans they are judged by are those of the steps before.
    /// Returns the gap for its warning, or nil when it is none.
    /// `atCut`: the stream ran dry exactly where a cut left it (`UnderflowJudge.gap`).
    mutating func underflow(at instant: Instant, atCut: Bool = false) -> Gap? {
        guard let owed = underflows.gap(at: instant, atCut: atCut) else { return nil }
        gaps += 1
        // W20: a loaded machine trades a few milliseconds for no gaps.
        addedLead = .raised(
            frames: min(settings.maximumAddedLeadFrames, addedLead.frames + settings.leadStepFrames), since: instant)
        return Gap(owed: owed, sinceWrite: lastWrote.map { $0.duration(to: instant) }, queuedFrames: lastQueued)
    }

    /// An edge of a sound lies at `frame` (W19): the first audible frame of an utterance or an
    /// earcon, mixed into what is being written (handed when that write goes through). It is timed
    /// when a measure finds playback past it.
    mutating func expect(_ edge: HearingTimes<Instant>.Edge, atFrame frame: Int, now: Instant) {
        if case .stop = edge {
            hearing.expect(edge, atFrame: frame, handed: now)
            // A file has nothing unheard: the cut's end is heard as it is made.
            if !settings.isRealTime { timeEdges(position: frame, now: now, all: true) }
        } else {
            hearing.expect(edge, atFrame: frame)
        }
    }

    /// W20: each `steadyPeriod` without an underrun counted takes the added lead a step back,
    /// reckoned at the writer's own steps (no wake-up is added for it: an idle writer steps back at
    /// its next step, by as many steps as the time it was idle holds).
    private mutating func relaxLead(now: Instant) {
        guard case .raised(let frames, let since) = addedLead else { return }
        let steps = Int(since.duration(to: now) / settings.steadyPeriod)
        guard steps > 0 else { return }
        let left = frames - steps * settings.leadStepFrames
        addedLead = left > 0 ? .raised(frames: left, since: since.advanced(by: settings.steadyPeriod * steps)) : .none
        pending.append(.leadChanged)
    }

    /// Settles the edges playback has passed at `position` (all of them with `all`), to be told.
    private mutating func timeEdges(position: Int, now: Instant, all: Bool = false) {
        guard !hearing.isEmpty else { return }
        let timed = hearing.measured(position: position, at: now, all: all)
        if !timed.isEmpty { pending.append(.timed(timed)) }
    }

    /// Changes the burst of the device open or stalled, if it has one.
    private mutating func updateBurst(_ change: (inout Burst) -> Void) {
        switch state {
        case .open(var device):
            guard case .burst(var burst) = device.use else { return }
            change(&burst)
            device.use = .burst(burst)
            state = .open(device)
        case .stalled(var device, let since):
            guard case .burst(var burst) = device.use else { return }
            change(&burst)
            device.use = .burst(burst)
            state = .stalled(device, since: since)
        case .closed, .lost:
            return
        }
    }

    /// The burst of the device open or stalled, if it has one.
    private var burst: Burst? {
        switch state {
        case .open(let device), .stalled(let device, _):
            if case .burst(let burst) = device.use { return burst }
            return nil
        case .closed, .lost:
            return nil
        }
    }

    /// Takes what the device said about the last action.
    mutating func take(_ report: Report, now: Instant) {
        let wasWriting = writing
        writing = false
        switch report {
        case .opened(let canRewrite):
            var reopening = false
            if case .closed(let again) = state { reopening = again }
            state = .open(
                Device(rewrites: canRewrite, use: reopening ? .burst(Burst(reopened: true)) : .idle(since: nil)))
            floorLead = canRewrite ? settings.leadFrames : settings.fixedQueueLeadFrames
        case .failed(let reason, let isStall):
            // Audio that may or may not have reached the device cannot be counted on: a write that
            // did not answer is a loss like one that failed.
            let isStall = isStall && !wasWriting
            switch state {
            case .open(let device) where isStall:
                state = .stalled(device, since: now)
                updateBurst { $0.measure = nil }
            case .stalled where isStall:
                updateBurst { $0.measure = nil }
            case .open where !wasWriting && !(burst?.wrote ?? false) && !(burst?.reopened ?? false):
                reopen()
            default:
                pending.insert(lose(reason, now: now), at: 0)
            }
        case .connected(let connected):
            if connected {
                updateBurst { $0.connected = true }
            } else if case .open = state, !(burst?.reopened ?? false) {
                reopen()
            } else {
                pending.insert(lose("the sound server closed the connection.", now: now), at: 0)
            }
        case .unheard(let frames, let inStream):
            if case .stalled(let device, _) = state { state = .open(device) }
            let measure = Measure(unheard: max(0, frames), queued: min(max(0, inStream), max(0, frames)))
            lastQueued = measure.queued
            updateBurst { $0.measure = measure }
            timeEdges(position: written - measure.unheard, now: now)
        case .cutMeasured(let frames):
            updateBurst { $0.cut?.unheard = max(0, frames) }
        case .wrote(let frames):
            updateBurst { burst in
                burst.measure = nil
                if frames > 0 {
                    burst.wrote = true
                    burst.reopened = false
                }
            }
            if frames > 0 {
                lastWrote = now
                hearing.wrote(at: now)
                // A file takes everything at once: what was written counts as heard.
                if !settings.isRealTime { timeEdges(position: written + frames, now: now, all: true) }
            }
            if failures > 0 {
                failures = 0
                pending.append(.report(lost: nil))
            }
        case .cut(let wroteBack, let speechEnd):
            let cut = burst?.cut
            underflows.cut(began: cut?.began ?? now, wroteBack: wroteBack)
            updateBurst {
                $0.cut = nil
                $0.measure = nil
            }
            // What is left of its speech in the device ends here (W19).
            if let utterance = cut?.utterance { expect(.stop(utterance: utterance), atFrame: speechEnd, now: now) }
        case .rewrote:
            updateBurst { $0.measure = nil }
            hearing.wrote(at: now)
        }
    }

    /// A device found broken before anything of this burst went to it (a sound server that
    /// restarted while the stream sat idle): nothing is lost; close it and open it again at once.
    private mutating func reopen() {
        state = .closed(reopening: true)
        pending.insert(.close, at: 0)
    }

    /// No device: open one for a sound (or fail the sound while the retry delay runs), and settle
    /// marks that have nothing left to hear.
    private mutating func withoutDevice(_ view: View, now: Instant) -> Action {
        if view.cutRequested { return .forgetCut }
        if view.nextSlice > 0 {
            if case .lost(let at, let reason) = state, at.duration(to: now) < Self.retryDelay(afterFailures: failures) {
                return .failInFlight(reason)
            }
            return .open
        }
        if view.firstWaiting != nil || view.burstOpen { return .endBurst }
        return .wait(until: nil)
    }

    /// A cut goes first (W14): it measures what the device has not played, then drops it while
    /// speech is among it; with speech all heard already, the cut is over without a device call.
    private mutating func cut(_ burst: inout Burst, _ view: View, now: Instant) -> Action? {
        guard let cut = burst.cut else {
            guard view.cutRequested else { return nil }
            burst.cut = Cut(began: now, utterance: view.cutUtterance)
            writing = true
            return .cut
        }
        guard let unheard = cut.unheard else { return nil }
        if view.speechEnd > view.written - unheard {
            writing = true
            return .discard(unheard: unheard)
        }
        burst.cut = nil
        burst.measure = nil
        underflows.cut(began: cut.began, wroteBack: false)
        if let utterance = cut.utterance {
            expect(.stop(utterance: utterance), atFrame: min(view.speechEnd, view.written), now: now)
        }
        return nil
    }

    /// A device that answers, in a burst: keep it fed, paced on what it has not played, and settle
    /// marks as playback passes them.
    /// Returns nil when nothing is owed any more: the burst is over.
    private mutating func withDevice(_ burst: inout Burst, rewrites: Bool, _ view: View, now: Instant) -> Action? {
        if let action = cut(&burst, view, now: now) { return action }
        if !pending.isEmpty { return pending.removeFirst() }
        if let deadline = view.deadline, deadline < now { return lose(Self.notHeard, now: now) }
        let owed = view.nextSlice > 0 || view.burstOpen || view.firstWaiting != nil
        guard owed else { return nil }
        // W5's lead, and what underruns added to it (W20).
        let baseLead = (rewrites ? settings.leadFrames : settings.fixedQueueLeadFrames) + addedLead.frames
        // A file takes everything at once: what was written counts as heard.
        let measure = settings.isRealTime ? burst.measure : Measure(unheard: 0, queued: 0)
        guard let measure else {
            // A burst's first lead needs no measure: nothing of ours waited before it, so what it
            // wrote is the most that waits, and a round trip after each slice could let the first
            // ones run out on a loaded machine. (An earcon starting waits for a measure: W17.)
            if burst.playback == nil && view.nextSlice > 0 && !view.earconStarting {
                if !burst.wrote && !view.burstOpen {
                    // Its first slice once the device says it is still connected (W16).
                    guard burst.connected else { return .check }
                    burst.unmeasured = view.nextSlice
                    return write(view.nextSlice, &burst)
                }
                if burst.wrote && burst.unmeasured + view.nextSlice <= baseLead {
                    burst.unmeasured += view.nextSlice
                    return write(view.nextSlice, &burst)
                }
            }
            return .measure
        }
        let position = view.written - measure.unheard
        var playback = burst.playback ?? Playback(position: position, movedAt: now, heldSince: now)
        if position != playback.position {
            playback.position = position
            playback.movedAt = now
            playback.heldSince = now
        }
        defer { burst.playback = playback }
        let held = playback.heldSince.duration(to: now)
        if let first = view.firstWaiting, first <= position { return .settle(upTo: position) }
        if view.earconStarting && rewrites {
            // Measured just now: what waits in our stream, less the margin, takes the earcon.
            writing = true
            burst.measure = nil
            return .rewrite(frames: max(0, measure.queued - settings.rewriteMarginFrames))
        }
        if playback.movedAt.duration(to: now) >= settings.stuckLimit {
            return lose("the sound server has played nothing for \(settings.stuckLimit).", now: now)
        }
        if view.nextSlice > 0 {
            let lead = baseLead + playback.extraLead
            if measure.queued + view.nextSlice <= lead { return write(view.nextSlice, &burst) }
            if held >= settings.holdBack && lead < settings.maximumLeadFrames {
                // The server is waiting for more before it plays: give it one more slice.
                playback.extraLead += settings.sliceFrames
                playback.heldSince = now
                return write(view.nextSlice, &burst)
            }
            return wait(frames: measure.queued + view.nextSlice - lead, &burst, now: now)
        }
        // Nothing left to mix: wait for playback to reach the last audible frame. A server
        // that ran dry may hold back a last part until more comes: push it out with silence,
        // one slice each time playback has stood still, never ahead.
        // (A server reports a frame or two of latency even when all is played: 1 ms of slack.)
        if position + settings.sampleRate / 1000 >= view.audibleUntil {
            timeEdges(position: position, now: now, all: true)
            return .endBurst
        }
        if held >= settings.holdBack && burst.padded < settings.maximumLeadFrames {
            burst.padded += settings.sliceFrames
            playback.heldSince = now
            writing = true
            burst.measure = nil
            return .pad(frames: settings.sliceFrames)
        }
        return wait(frames: min(view.audibleUntil - position, settings.sliceFrames), &burst, now: now)
    }

    private mutating func write(_ frames: Int, _ burst: inout Burst) -> Action {
        writing = true
        burst.measure = nil
        burst.padded = 0
        return .write(frames: frames)
    }

    /// Waits about as long as `frames` take to play (at least a millisecond), then measures again.
    private mutating func wait(frames: Int, _ burst: inout Burst, now: Instant) -> Action {
        burst.measure = nil
        let microseconds = max(1000, frames * 1_000_000 / settings.sampleRate)
        return .wait(until: now.advanced(by: .microseconds(microseconds)))
    }

    /// Nothing owed since `since` (nil: from now): a real-time device is closed after `idleClose`.
    private mutating func idle(since: Instant?, rewrites: Bool, now: Instant) -> Action {
        guard settings.isRealTime else {
            state = .open(Device(rewrites: rewrites, use: .idle(since: nil)))
            return .wait(until: nil)
        }
        let since = since ?? now
        let closeAt = since.advanced(by: settings.idleClose)
        guard now < closeAt else {
            state = .closed(reopening: false)
            return .close
        }
        state = .open(Device(rewrites: rewrites, use: .idle(since: since)))
        return .wait(until: closeAt)
    }

    /// The output is lost: the device closed (when one is open), the loss reported, and what was
    /// in flight failed, in that order, so whoever sees the mixer go quiet also sees why. Leaving
    /// the device's phase drops all it held. Returns the first of these; the others are pending.
    private mutating func lose(_ reason: String, now: Instant) -> Action {
        let hadDevice = hasDevice
        let reason = reason.hasPrefix("Audio output ") ? reason : "Audio output \(settings.outputName): \(reason)"
        state = .lost(at: now, reason: reason)
        failures += 1
        hearing.forget()
        pending.insert(contentsOf: [.report(lost: reason), .failInFlight(reason)], at: 0)
        return hadDevice ? .close : pending.removeFirst()
    }
}
