import Testing

@testable import NarratorAudio

/// W19 (docs/AUDIO.md): the writer times when the edges of sounds are heard (an utterance's or an
/// earcon's first audible sample, the end of stopped speech) from the measures it makes anyway, and
/// adds none. The machine is driven as the writer drives it.
@Suite("The writer's timing of what is heard (W19)")
struct WriterHearingTests {
    static let settings = Machine.Settings(sampleRate: 22050, isRealTime: true, outputName: "test")
    var now = TestInstant.zero
    var machine = Machine(settings: settings, now: .zero)

    static func sound(written: Int = 0, slice: Int = 220) -> Machine.View {
        Machine.View(nextSlice: slice, burstOpen: written > 0, written: written, audibleUntil: written)
    }

    mutating func pass(_ milliseconds: Int) { now = now.advanced(by: .milliseconds(milliseconds)) }

    static func isTimed(_ action: Machine.Action) -> Bool {
        if case .timed = action { return true }
        return false
    }

    static func at(microseconds: Int) -> TestInstant { TestInstant(sinceStart: .microseconds(microseconds)) }

    /// Opens the device and writes the first lead (880 frames, no measure: W5), the utterance's first
    /// audible sample at frame 100 of it.
    mutating func openAndStart(edgeAt frame: Int = 100) {
        #expect(machine.next(Self.sound(), now: now) == .open)
        machine.take(.opened(rewrites: false), now: now)
        #expect(machine.next(Self.sound(), now: now) == .check)
        machine.take(.connected(true), now: now)
        #expect(machine.next(Self.sound(), now: now) == .write(frames: 220))
        machine.expect(.start(utterance: 7), atFrame: frame, now: now)
        pass(1)
        machine.take(.wrote(frames: 220), now: now)  // handed at 1 ms
        for written in [220, 440, 660] {
            #expect(machine.next(Self.sound(written: written), now: now) == .write(frames: 220))
            machine.take(.wrote(frames: 220), now: now)
        }
    }

    @Test("W19: an utterance's first sample is heard as long before a measure as playback has gone past it")
    mutating func startTimedByTheReadIndex() {
        openAndStart()
        pass(29)  // at 30 ms the server has played 600 frames: 500 past the edge, 22.675 ms ago
        #expect(machine.next(Self.sound(written: 880), now: now) == .measure)
        machine.take(.unheard(280, queued: 180), now: now)
        let expected = HearingTimes<TestInstant>.Timing(
            edge: .start(utterance: 7), handed: Self.at(microseconds: 1000),
            heard: Self.at(microseconds: 30_000 - 22_675))
        #expect(machine.next(Self.sound(written: 880), now: now) == .timed([expected]))
        // Told once.
        #expect(machine.next(Self.sound(written: 880), now: now) != .timed([expected]))
    }

    @Test("W19: an edge playback has not reached waits for a later measure; a burst's end settles what is left")
    mutating func edgeWaitsForPlayback() {
        openAndStart(edgeAt: 700)
        pass(9)
        #expect(machine.next(Self.sound(written: 880), now: now) == .measure)
        machine.take(.unheard(880, queued: 780), now: now)  // nothing played yet: the sink is filling
        #expect(
            machine.next(Self.sound(written: 880, slice: 0), now: now) == .wait(until: Self.at(microseconds: 19_977)))
        pass(10)
        #expect(machine.next(Self.sound(written: 880, slice: 0), now: now) == .measure)
        machine.take(.unheard(190, queued: 90), now: now)  // position 690: not yet
        #expect(
            machine.next(Self.sound(written: 880, slice: 0), now: now) == .wait(until: Self.at(microseconds: 28_616)))
        pass(9)
        #expect(machine.next(Self.sound(written: 880, slice: 0), now: now) == .measure)
        machine.take(.unheard(20, queued: 0), now: now)  // 860 played: the burst ends within 1 ms
        let heard = Self.at(microseconds: 29_000 - 160 * 1_000_000 / 22050)
        #expect(
            machine.next(Self.sound(written: 880, slice: 0), now: now)
                == .timed([.init(edge: .start(utterance: 7), handed: Self.at(microseconds: 1000), heard: heard)]))
    }

    @Test("W19: the end of stopped speech is timed from the cut; a start the cut dropped is never timed")
    mutating func stopTimed() {
        openAndStart(edgeAt: 800)
        let stopping = Machine.View(
            cutRequested: true, burstOpen: true, written: 880, speechEnd: 880, cutUtterance: 7)
        #expect(machine.next(stopping, now: now) == .cut)
        pass(1)
        machine.take(.cutMeasured(unheard: 400), now: now)
        let cutting = Machine.View(burstOpen: true, written: 880, speechEnd: 880)
        #expect(machine.next(cutting, now: now) == .discard(unheard: 400))
        // The cut dropped 400 frames: the timeline is at 480, the speech ends there.
        machine.take(.cut(wroteBack: false, speechEnd: 480), now: now)
        let view = Machine.View(burstOpen: true, written: 480, audibleUntil: 480)
        #expect(machine.next(view, now: now) == .measure)
        machine.take(.unheard(441, queued: 0), now: now)  // 20 ms of the sink's latency left: not yet
        #expect(machine.next(view, now: now) == .wait(until: Self.at(microseconds: 11_977)))
        pass(10)
        // An earcon written back after the cut goes on: playback passes the end of the speech.
        let after = Machine.View(burstOpen: true, written: 1000, audibleUntil: 1000)
        #expect(machine.next(after, now: now) == .measure)
        machine.take(.unheard(300, queued: 200), now: now)  // playback at 700, 220 frames past: 9.977 ms ago
        let stopped = HearingTimes<TestInstant>.Timing(
            edge: .stop(utterance: 7), handed: Self.at(microseconds: 2000),
            heard: Self.at(microseconds: 12_000 - 9_977))
        #expect(machine.next(after, now: now) == .timed([stopped]))
        // Nothing of the start at frame 800, which the cut dropped, is ever told.
        #expect(machine.next(after, now: now) == .wait(until: Self.at(microseconds: 21_977)))
        pass(20)
        #expect(machine.next(after, now: now) == .measure)
        machine.take(.unheard(0, queued: 0), now: now)
        #expect(machine.next(after, now: now) == .endBurst)
        let last = machine.next(Machine.View(written: 1000, audibleUntil: 1000), now: now)
        #expect(!Self.isTimed(last), "\(last)")
    }

    @Test("W19: timing adds no step: the actions are those of the same run without edges, and idle stays idle")
    func noExtraSteps() {
        func run(timed: Bool) -> [Machine.Action] {
            var machine = Machine(settings: Self.settings, now: .zero)
            var now = TestInstant.zero
            var actions: [Machine.Action] = []
            var written = 0
            var played = 0
            let total = 2200
            for _ in 0..<200 {
                let slice = min(220, total - written)
                let view = Machine.View(
                    nextSlice: slice, burstOpen: written > 0 && played < written, written: written,
                    audibleUntil: written)
                let action = machine.next(view, now: now)
                actions.append(action)
                switch action {
                case .open: machine.take(.opened(rewrites: true), now: now)
                case .check: machine.take(.connected(true), now: now)
                case .write(let frames):
                    if timed && written == 0 { machine.expect(.start(utterance: 1), atFrame: 10, now: now) }
                    if timed && written == 660 { machine.expect(.sound(requested: now), atFrame: 700, now: now) }
                    written += frames
                    machine.take(.wrote(frames: frames), now: now)
                case .measure:
                    played = min(written, Int(now.sinceStart / .microseconds(1)) * 22050 / 1_000_000)
                    machine.take(.unheard(written - played, queued: max(0, written - played - 100)), now: now)
                case .wait(let until?): now = until
                case .wait(nil): return actions
                case .endBurst: played = written
                default: break
                }
            }
            return actions
        }
        let plain = run(timed: false)
        let timed = run(timed: true)
        #expect(timed.filter(Self.isTimed).count == 2, "\(timed)")
        #expect(timed.filter { !Self.isTimed($0) } == plain)
        #expect(plain.last == .wait(until: nil) || plain.contains(.close))
    }

    @Test("W19: a file hears what it is given as it is written")
    mutating func fileTimesAtOnce() {
        var machine = Machine(
            settings: Machine.Settings(sampleRate: 22050, isRealTime: false, outputName: "wav"), now: .zero)
        #expect(machine.next(Self.sound(), now: now) == .open)
        machine.take(.opened(rewrites: false), now: now)
        _ = machine.next(Self.sound(), now: now)
        machine.expect(.start(utterance: 3), atFrame: 10, now: now)
        pass(2)
        machine.take(.wrote(frames: 220), now: now)
        #expect(
            machine.next(Self.sound(written: 220), now: now)
                == .timed([.init(edge: .start(utterance: 3), handed: now, heard: now)]))
    }

    @Test("W19: a lost output forgets what waited to be heard")
    mutating func lossForgets() {
        openAndStart()
        machine.take(.failed(reason: "gone", isStall: false), now: now)
        var actions: [Machine.Action] = []
        for _ in 0..<4 { actions.append(machine.next(Self.sound(written: 880), now: now)) }
        #expect(!actions.contains(where: Self.isTimed))
    }
}
