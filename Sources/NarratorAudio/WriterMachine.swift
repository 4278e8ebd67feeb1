/// The mixer's writer as a pure machine: what the mixer holds and what the device said go in,
/// the one next thing to do comes out. The writer thread only carries it out (docs/AUDIO.md, "The
/// writer's rules", each rule tied to a test in WriterMachineTests).
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
            self.rewriteMarginFrames = sampleRate / 200
        }
    }

    /// The device's life.
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
    }

    /// What the device said.
    enum Report: Equatable {
        /// The device opened; `rewrites` when it can write over what it has queued.
        case opened(rewrites: Bool)
        /// A call failed; `isStall` when it did not answer in time rather than refused.
        case failed(reason: String, isStall: Bool)
        /// Before a burst's first slice, the device said its connection had closed: nothing was
        /// mixed or written.
        case disconnected(reason: String)
        /// Frames written and not yet heard, and the part of them still queued in our stream
        /// (the rest is the server's own latency).
        case unheard(Int, queued: Int)
        /// A write of `frames` went through.
        case wrote(frames: Int)
        /// A write over queued audio went through (or there was nothing to write).
        case rewrote
        /// Unheard speech was dropped; `wroteBack` when earcons sounding through it were written
        /// back after it.
        case cut(wroteBack: Bool)
    }

    /// The one next thing for the writer thread to do.
    enum Action: Equatable {
        case open
        /// Ask the device how much is not heard yet (a round trip to the server).
        case measure
        /// Mix the next `frames` and write them.
        case write(frames: Int)
        /// A burst's first slice: write it without measuring first (nothing of ours is queued after
        /// a quiet while), if the device is still connected; else report it failed, nothing mixed.
        case start(frames: Int)
        /// Write `frames` of silence, to push out what a server holds back at a burst's end.
        case pad(frames: Int)
        /// Mix the earcons that just started into the last `frames` written and write them over
        /// those (0: let them start with the next slice).
        case rewrite(frames: Int)
        /// Drop unheard speech (keeping the earcons' part).
        case cut
        /// Settle the speech marks playback has reached.
        case settle(upTo: Int)
        /// Tell the watchers when these edges of sounds were heard (W19).
        case timed([HearingTimes<Instant>.Timing])
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

    let settings: Settings
    private(set) var phase = Phase.closed
    /// Whether the open device can write over what it has queued.
    private var rewrites = false
    /// The lead before any growth (W5).
    private var baseLead: Int { rewrites ? settings.leadFrames : settings.fixedQueueLeadFrames }
    /// Whether the output took the last thing written to it (or never failed).
    private(set) var working = true
    /// Losses since the output last took a write.
    private(set) var failures = 0
    /// Done before anything else, in order: the consequences of a report.
    private var pending: [Action] = []
    /// The last measure, nil once something was written or time passed since.
    private var unheard: Int?
    /// The part of it queued in our stream, which the lead is about.
    private(set) var queued = 0
    /// Where playback stood at the last measure in this burst (nil before the first), and since
    /// when it has stood there.
    private var played: Int?
    private var movedAt: Instant
    /// Since when the writer has waited on playback without giving the server more (reset each
    /// time it gives more while playback stands still).
    private var heldSince: Instant
    /// Frames the lead has grown by in this burst, because the server held back.
    private var extraLead = 0
    /// Silence written at this burst's end.
    private var padded = 0
    private var idleSince: Instant?
    /// Whether anything of this burst went to the device, and whether the device was already
    /// opened again for it (see `take(_:now:)`).
    private var wroteInBurst = false
    /// When the last write of audio went through: an underrun's warning says how long before it
    /// that was, which tells a writer that did not run from a server that read more than it had.
    private(set) var lastWrote: Instant?
    /// Frames written in this burst before its first measure (W5).
    private var unmeasured = 0
    /// The last action handed out writes to the device (a write, silence, or a cut's write-back).
    private var writing = false
    private var reopenedForBurst = false
    /// When the mixer held audio not yet written, to tell the server's underflows apart (W18).
    private var underflows: UnderflowJudge<Instant>
    /// Underflows that broke a sound since the mixer started.
    private(set) var gaps = 0
    /// When the cut in progress began (W18 judges a report at its place by it).
    private var cutBegan: Instant?
    /// The edges of sounds written and not yet heard (W19).
    private var hearing: HearingTimes<Instant>
    /// Frames written, as the last step saw them: where playback stands is this less what a
    /// measure found unheard.
    private var written = 0

    init(settings: Settings, now: Instant) {
        self.settings = settings
        self.underflows = UnderflowJudge(
            margin: .microseconds(settings.sliceFrames * 1_000_000 / max(1, settings.sampleRate)))
        self.hearing = HearingTimes(sampleRate: settings.sampleRate)
        self.movedAt = now
        self.heldSince = now
    }

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
        if !pending.isEmpty { return pending.removeFirst() }
        if view.nextSlice > 0 || view.burstOpen || view.cutRequested { idleSince = nil }
        switch phase {
        case .closed, .lost:
            return withoutDevice(view, now: now)
        case .stalled(let since):
            if let deadline = view.deadline, deadline < now { return lose(Self.notHeard, now: now) }
            if since.duration(to: now) >= settings.stallLimit {
                return lose("the sound server has not answered for \(settings.stallLimit).", now: now)
            }
            return .measure
        case .open:
            return withDevice(view, now: now)
        }
    }

    /// The device said the server ran out of our audio at `instant`: whether that broke a sound
    /// (W18): the mixer held audio the writer had not written since before then. Underflows are
    /// taken before the next step, so the spans they are judged by are those of the steps before.
    /// Returns how long audio had been owed when it came, or nil when it is no gap.
    /// `atCut`: the stream ran dry exactly where a cut left it (`UnderflowJudge.gap`).
    mutating func underflow(at instant: Instant, atCut: Bool = false) -> Duration? {
        guard let owed = underflows.gap(at: instant, atCut: atCut) else { return nil }
        gaps += 1
        return owed
    }

    /// An edge of a sound lies at `frame` (W19): the first audible frame of an utterance or an
    /// earcon, mixed into what is being written (handed when that write goes through), or the end
    /// of the speech a cut left in the device (handed now). It is timed when a measure finds
    /// playback past it.
    mutating func expect(_ edge: HearingTimes<Instant>.Edge, atFrame frame: Int, now: Instant) {
        if case .stop = edge {
            hearing.expect(edge, atFrame: frame, handed: now)
            // A file has nothing unheard: the cut's end is heard as it is made.
            if !settings.isRealTime { timeEdges(position: frame, now: now, all: true) }
        } else {
            hearing.expect(edge, atFrame: frame)
        }
    }

    /// Settles the edges playback has passed at `position` (all of them with `all`), to be told.
    private mutating func timeEdges(position: Int, now: Instant, all: Bool = false) {
        guard !hearing.isEmpty else { return }
        let timed = hearing.measured(position: position, at: now, all: all)
        if !timed.isEmpty { pending.append(.timed(timed)) }
    }

    /// Takes what the device said about the last action.
    mutating func take(_ report: Report, now: Instant) {
        defer { writing = false }
        switch report {
        case .opened(let canRewrite):
            phase = .open
            rewrites = canRewrite
            unheard = nil
            played = nil
            wroteInBurst = false
            unmeasured = 0
            movedAt = now
            heldSince = now
            extraLead = 0
            padded = 0
        case .failed(let reason, let isStall):
            // Audio that may or may not have reached the device cannot be counted on: a write that
            // did not answer is a loss like one that failed.
            let wasWriting = writing
            let isStall = isStall && !wasWriting
            if isStall, case .open = phase {
                phase = .stalled(since: now)
                unheard = nil
            } else if isStall, case .stalled = phase {
                unheard = nil
            } else if case .open = phase, !wasWriting, !wroteInBurst, !reopenedForBurst {
                reopen()
            } else {
                pending.insert(lose(reason, now: now), at: 0)
            }
        case .disconnected(let reason):
            if case .open = phase, !reopenedForBurst {
                reopen()
            } else {
                pending.insert(lose(reason, now: now), at: 0)
            }
        case .unheard(let frames, let inStream):
            if case .stalled = phase { phase = .open }
            unheard = max(0, frames)
            queued = min(max(0, inStream), max(0, frames))
            timeEdges(position: written - max(0, frames), now: now)
        case .wrote(let frames):
            unheard = nil
            if frames > 0 {
                lastWrote = now
                wroteInBurst = true
                reopenedForBurst = false
                hearing.wrote(at: now)
                // A file takes everything at once: what was written counts as heard.
                if !settings.isRealTime { timeEdges(position: written + frames, now: now, all: true) }
            }
            if !working {
                working = true
                failures = 0
                pending.append(.report(lost: nil))
            }

        case .cut(let wroteBack):
            underflows.cut(began: cutBegan ?? now, wroteBack: wroteBack)
            cutBegan = nil
            unheard = nil
        case .rewrote:
            unheard = nil
            hearing.wrote(at: now)
        }
    }

    /// A device found broken before anything of this burst went to it (a sound server that
    /// restarted while the stream sat idle): nothing is lost; close it and open it again at once.
    private mutating func reopen() {
        reopenedForBurst = true
        phase = .closed
        unheard = nil
        pending.insert(.close, at: 0)
    }

    /// No device: open one for a sound (or fail the sound while the retry delay runs), and settle
    /// marks that have nothing left to hear.
    private mutating func withoutDevice(_ view: View, now: Instant) -> Action {
        if view.cutRequested { return .cut }
        if view.nextSlice > 0 {
            if case .lost(let at, let reason) = phase,
                at.duration(to: now) < Self.retryDelay(afterFailures: working ? 0 : failures)
            {
                return .failInFlight(reason)
            }
            return .open
        }
        if view.firstWaiting != nil || view.burstOpen { return .endBurst }
        return .wait(until: nil)
    }

    /// A device that answers: keep it fed, paced on what it has not played, and settle marks as
    /// playback passes them.
    private mutating func withDevice(_ view: View, now: Instant) -> Action {
        if view.cutRequested {
            writing = true
            cutBegan = now
            return .cut
        }
        if let deadline = view.deadline, deadline < now { return lose(Self.notHeard, now: now) }
        let owed = view.nextSlice > 0 || view.burstOpen || view.firstWaiting != nil
        guard owed else { return idle(now: now) }
        // A file takes everything at once: what was written counts as heard.
        guard let unheard = settings.isRealTime ? unheard : 0 else {
            // A burst's first lead needs no measure: nothing of ours waited before it, so what it
            // wrote is the most that waits, and a round trip after each slice could let the first
            // ones run out on a loaded machine. (An earcon starting waits for a measure: W17.)
            if played == nil && view.nextSlice > 0 && !view.earconStarting {
                if !wroteInBurst && !view.burstOpen {
                    writing = true
                    padded = 0
                    unmeasured = view.nextSlice
                    return .start(frames: view.nextSlice)
                }
                if wroteInBurst && unmeasured + view.nextSlice <= baseLead {
                    unmeasured += view.nextSlice
                    return write(view.nextSlice)
                }
            }
            return .measure
        }
        let queued = settings.isRealTime ? queued : 0
        let position = view.written - unheard
        if position != played {
            played = position
            movedAt = now
            heldSince = now
        }
        let held = heldSince.duration(to: now)
        if let first = view.firstWaiting, first <= position { return .settle(upTo: position) }
        if view.earconStarting && rewrites {
            // Measured just now: what waits in our stream, less the margin, takes the earcon.
            writing = true
            self.unheard = nil
            return .rewrite(frames: max(0, queued - settings.rewriteMarginFrames))
        }
        if movedAt.duration(to: now) >= settings.stuckLimit {
            return lose("the sound server has played nothing for \(settings.stuckLimit).", now: now)
        }
        if view.nextSlice > 0 {
            let lead = baseLead + extraLead
            if queued + view.nextSlice <= lead { return write(view.nextSlice) }
            if held >= settings.holdBack && lead < settings.maximumLeadFrames {
                // The server is waiting for more before it plays: give it one more slice.
                extraLead += settings.sliceFrames
                heldSince = now
                return write(view.nextSlice)
            }
            return wait(frames: queued + view.nextSlice - lead, now: now)
        }
        // Nothing left to mix: wait for playback to reach the last audible frame. A server
        // that ran dry may hold back a last part until more comes: push it out with silence,
        // one slice each time playback has stood still, never ahead.
        // (A server reports a frame or two of latency even when all is played: 1 ms of slack.)
        if position + settings.sampleRate / 1000 >= view.audibleUntil {
            timeEdges(position: position, now: now, all: true)
            return .endBurst
        }
        if held >= settings.holdBack && padded < settings.maximumLeadFrames {
            padded += settings.sliceFrames
            heldSince = now
            writing = true
            self.unheard = nil
            return .pad(frames: settings.sliceFrames)
        }
        return wait(frames: min(view.audibleUntil - position, settings.sliceFrames), now: now)
    }

    private mutating func write(_ frames: Int) -> Action {
        writing = true
        unheard = nil
        padded = 0
        return .write(frames: frames)
    }

    /// Waits about as long as `frames` take to play (at least a millisecond), then measures again.
    private mutating func wait(frames: Int, now: Instant) -> Action {
        unheard = nil
        let microseconds = max(1000, frames * 1_000_000 / settings.sampleRate)
        return .wait(until: now.advanced(by: .microseconds(microseconds)))
    }

    /// Nothing owed: a real-time device is closed after `idleClose`; the burst's lead starts over,
    /// and so does the watch on playback (a quiet device is not a stuck one).
    private mutating func idle(now: Instant) -> Action {
        extraLead = 0
        padded = 0
        unheard = nil
        played = nil
        wroteInBurst = false
        unmeasured = 0
        reopenedForBurst = false
        guard settings.isRealTime else { return .wait(until: nil) }
        let since = idleSince ?? now
        idleSince = since
        let closeAt = since.advanced(by: settings.idleClose)
        guard now < closeAt else {
            idleSince = nil
            phase = .closed
            return .close
        }
        return .wait(until: closeAt)
    }

    /// The output is lost: the device closed (when one is open), the loss reported, and what was
    /// in flight failed, in that order, so whoever sees the mixer go quiet also sees why.
    /// Returns the first of these; the others are pending.
    private mutating func lose(_ reason: String, now: Instant) -> Action {
        let hasDevice: Bool
        switch phase {
        case .open, .stalled: hasDevice = true
        case .closed, .lost: hasDevice = false
        }
        let reason = reason.hasPrefix("Audio output ") ? reason : "Audio output \(settings.outputName): \(reason)"
        phase = .lost(at: now, reason: reason)
        working = false
        failures += 1
        hearing.forget()
        unheard = nil
        idleSince = nil
        extraLead = 0
        padded = 0
        pending.insert(contentsOf: [.report(lost: reason), .failInFlight(reason)], at: 0)
        return hasDevice ? .close : pending.removeFirst()
    }
}
