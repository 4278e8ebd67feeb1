import Testing

@testable import NarratorAudio

/// A manual clock's instant for the writer machine: moved only by the test.
struct TestInstant: InstantProtocol, CustomStringConvertible {
    var sinceStart: Duration
    static let zero = TestInstant(sinceStart: .zero)
    func advanced(by duration: Duration) -> TestInstant { TestInstant(sinceStart: sinceStart + duration) }
    func duration(to other: TestInstant) -> Duration { other.sinceStart - sinceStart }
    static func < (lhs: TestInstant, rhs: TestInstant) -> Bool { lhs.sinceStart < rhs.sinceStart }
    var description: String { "t+\(sinceStart)" }
}

typealias Machine = WriterMachine<TestInstant>

/// The writer's rules (docs/AUDIO.md, "The writer's rules"), one test each, named by the rule's
/// number there. At 22050 Hz: a slice is 220 frames, the lead 882, the largest lead 5512.
@Suite("The writer machine's rules")
struct WriterMachineTests {
    static let settings = Machine.Settings(sampleRate: 22050, isRealTime: true, outputName: "test")
    var now = TestInstant.zero
    var machine = Machine(settings: settings, now: .zero)

    static func sound(written: Int = 0, slice: Int = 220) -> Machine.View {
        Machine.View(nextSlice: slice, burstOpen: written > 0, written: written, audibleUntil: written)
    }

    mutating func open() {
        #expect(machine.next(Self.sound(), now: now) == .open)
        machine.take(.opened(rewrites: false), now: now)
    }

    /// A burst's first slice: once the device says it is still connected (W16), written without a
    /// measure (W5).
    mutating func start(_ view: Machine.View = sound()) {
        #expect(machine.next(view, now: now) == .check)
        machine.take(.connected(true), now: now)
        #expect(machine.next(view, now: now) == .write(frames: 220))
    }

    /// Opens the device and writes a sound's first lead to it, without a measure (W5): 880 frames
    /// in flight.
    mutating func openAndWrite() {
        open()
        start()
        machine.take(.wrote(frames: 220), now: now)
        for written in [220, 440, 660] {
            #expect(machine.next(Self.sound(written: written), now: now) == .write(frames: 220))
            machine.take(.wrote(frames: 220), now: now)
        }
    }

    mutating func pass(_ milliseconds: Int) { now = now.advanced(by: .milliseconds(milliseconds)) }

    @Test("W1: a sound with no device opens it")
    mutating func soundOpens() {
        #expect(machine.next(Machine.View(), now: now) == .wait(until: nil))
        open()
        #expect(machine.phase == .open)
    }

    @Test("W2: a failed call closes the device, reports the loss, then fails what was in flight")
    mutating func lossOrder() {
        openAndWrite()
        machine.take(.failed(reason: "Audio output test: broken.", isStall: false), now: now)
        #expect(machine.next(Self.sound(), now: now) == .close)
        #expect(machine.next(Self.sound(), now: now) == .report(lost: "Audio output test: broken."))
        #expect(machine.next(Self.sound(), now: now) == .failInFlight("Audio output test: broken."))
        #expect(!machine.working)
    }

    @Test(
        "W3: the first sound after a loss opens at once; while it keeps failing, 100 ms doubling to 1 s, sounds between fail"
    )
    mutating func backoff() {
        openAndWrite()
        machine.take(.failed(reason: "x", isStall: false), now: now)
        #expect(machine.next(Self.sound(), now: now) == .close)
        #expect(machine.next(Self.sound(), now: now) == .report(lost: "Audio output test: x"))
        #expect(machine.next(Self.sound(), now: now) == .failInFlight("Audio output test: x"))
        #expect(machine.next(Self.sound(), now: now) == .open)  // at once, the first time
        machine.take(.failed(reason: "x", isStall: false), now: now)
        #expect(machine.next(Self.sound(), now: now) == .report(lost: "Audio output test: x"))
        #expect(machine.next(Self.sound(), now: now) == .failInFlight("Audio output test: x"))
        pass(99)
        #expect(machine.next(Self.sound(), now: now) == .failInFlight("Audio output test: x"))
        pass(1)
        #expect(machine.next(Self.sound(), now: now) == .open)
        #expect(Machine.retryDelay(afterFailures: 3) == .milliseconds(200))
        #expect(Machine.retryDelay(afterFailures: 20) == .seconds(1))
    }

    @Test("W4: a write that goes through after a loss reports the output working again")
    mutating func worksAgain() {
        openAndWrite()
        machine.take(.failed(reason: "x", isStall: false), now: now)
        for _ in 0..<3 { _ = machine.next(Self.sound(), now: now) }
        #expect(machine.next(Self.sound(), now: now) == .open)
        machine.take(.opened(rewrites: false), now: now)
        #expect(!machine.working)  // opening is not enough: a file on a full disk opens
        start()
        machine.take(.wrote(frames: 220), now: now)
        #expect(machine.working)
        #expect(machine.next(Self.sound(written: 220), now: now) == .report(lost: nil))
    }

    @Test("W5: writes keep at most 40 ms unheard, and then wait about as long as the excess takes")
    mutating func lead() {
        openAndWrite()
        #expect(machine.next(Self.sound(written: 880), now: now) == .measure)
        machine.take(.unheard(662, queued: 662), now: now)
        #expect(machine.next(Self.sound(written: 880), now: now) == .write(frames: 220))
        machine.take(.wrote(frames: 220), now: now)
        #expect(machine.next(Self.sound(written: 1100), now: now) == .measure)
        machine.take(.unheard(882, queued: 882), now: now)
        #expect(
            machine.next(Self.sound(written: 1100), now: now) == .wait(until: now.advanced(by: .microseconds(9977))))
    }

    @Test("W5: a burst's first lead goes without measures; an earcon starting in it waits for one (W17)")
    mutating func firstLead() {
        open()
        start()
        machine.take(.wrote(frames: 220), now: now)
        #expect(machine.next(Self.sound(written: 220), now: now) == .write(frames: 220))
        machine.take(.wrote(frames: 220), now: now)
        var earcon = Self.sound(written: 440)
        earcon.earconStarting = true
        #expect(machine.next(earcon, now: now) == .measure)
        machine.take(.unheard(440, queued: 440), now: now)
        // Measured: the lead is paced as always from here.
        #expect(machine.next(Self.sound(written: 440), now: now) == .write(frames: 220))
        machine.take(.wrote(frames: 220), now: now)
        #expect(machine.next(Self.sound(written: 660), now: now) == .measure)
    }

    @Test("W5: the lead is 100 ms on a device that can write over its queue (W17), 40 ms on one that cannot")
    mutating func leadOnRewritingDevice() {
        #expect(machine.next(Self.sound(), now: now) == .open)
        machine.take(.opened(rewrites: true), now: now)
        start()
        machine.take(.wrote(frames: 220), now: now)
        var written = 220
        while case .write(let frames) = machine.next(Self.sound(written: written), now: now) {
            written += frames
            machine.take(.wrote(frames: frames), now: now)
        }
        #expect(written == 2200)  // ten slices: 2205 frames is 100 ms
        machine.take(.unheard(2200, queued: 2200), now: now)
        #expect(
            machine.next(Self.sound(written: 2200), now: now) == .wait(until: now.advanced(by: .microseconds(9750))))
    }

    @Test("W5: the lead is about what waits in our stream: a sink's own 200 ms of latency does not hold writes back")
    mutating func sinkLatency() {
        openAndWrite()
        #expect(machine.next(Self.sound(written: 880), now: now) == .measure)
        machine.take(.unheard(4410 + 662, queued: 662), now: now)
        #expect(machine.next(Self.sound(written: 5072), now: now) == .write(frames: 220))
    }

    @Test("W6: playback standing still 50 ms while the writer waits grows the lead by a slice, up to 250 ms")
    mutating func holdBack() {
        open()
        var written = 0
        var writes = 0
        for _ in 0..<400 {
            switch machine.next(Self.sound(written: written), now: now) {
            case .measure: machine.take(.unheard(written, queued: written), now: now)  // nothing is ever played
            case .check: machine.take(.connected(true), now: now)
            case .write(let frames):
                written += frames
                writes += 1
                machine.take(.wrote(frames: frames), now: now)
            case .wait(let until): now = until ?? now
            default: break
            }
            if now.sinceStart > .milliseconds(1900) { break }
        }
        // 880 at once, then a slice each 50 ms while the lead is below 5512: 22 more.
        #expect(written == 5720)
        #expect(writes == 26)
        #expect(machine.phase == .open)
    }

    @Test("W7: marks settle as playback passes them")
    mutating func settle() {
        open()
        var view = Self.sound(written: 1000)
        view.firstWaiting = 300
        #expect(machine.next(view, now: now) == .measure)
        machine.take(.unheard(800, queued: 800), now: now)
        #expect(machine.next(view, now: now) == .wait(until: now.advanced(by: .microseconds(6258))))
        machine.take(.unheard(600, queued: 600), now: now)
        #expect(machine.next(view, now: now) == .settle(upTo: 400))
    }

    @Test("W8: a burst ends when playback reaches its last audible frame, with 1 ms of slack")
    mutating func burstEnd() {
        open()
        let view = Machine.View(burstOpen: true, written: 1000, audibleUntil: 990)
        #expect(machine.next(view, now: now) == .measure)
        machine.take(.unheard(40, queued: 40), now: now)
        #expect(machine.next(view, now: now) == .wait(until: now.advanced(by: .microseconds(1360))))
        machine.take(.unheard(32, queued: 32), now: now)
        #expect(machine.next(view, now: now) == .endBurst)
    }

    @Test("W9: at a burst's end, silence only after playback stood still 50 ms, a slice at a time, at most 250 ms")
    mutating func padding() {
        open()
        var view = Machine.View(burstOpen: true, written: 1000, audibleUntil: 1000)
        var pads = 0
        while now.sinceStart < .milliseconds(1900) {
            switch machine.next(view, now: now) {
            case .measure:
                // The server holds back its last 400 frames and whatever comes after them.
                let held = 400 + view.written - 1000
                machine.take(.unheard(held, queued: held), now: now)
            case .pad(let frames):
                pads += 1
                view.written += frames
                machine.take(.wrote(frames: frames), now: now)
            case .wait(let until): now = until ?? now
            default: Issue.record("unexpected")
            }
            if pads == 1 { #expect(now.sinceStart >= .milliseconds(50)) }
        }
        #expect(pads == 26)
    }

    @Test("W10: a device that does not answer is stalled, open again when it answers, lost after 3 s")
    mutating func stall() {
        openAndWrite()
        #expect(machine.next(Self.sound(written: 880), now: now) == .measure)
        machine.take(.failed(reason: "slow", isStall: true), now: now)
        #expect(machine.phase == .stalled(since: now))
        #expect(machine.next(Self.sound(written: 880), now: now) == .measure)
        machine.take(.unheard(0, queued: 0), now: now)
        #expect(machine.phase == .open)
        machine.take(.failed(reason: "slow", isStall: true), now: now)
        pass(3000)
        #expect(machine.next(Self.sound(), now: now) == .close)
        #expect(
            machine.next(Self.sound(), now: now)
                == .report(lost: "Audio output test: the sound server has not answered for 3.0 seconds."))
    }

    @Test("W10: a write that does not answer is a loss, not a stall: what it held may never be heard")
    mutating func stalledWrite() {
        openAndWrite()
        #expect(machine.next(Self.sound(written: 880), now: now) == .measure)
        machine.take(.unheard(0, queued: 0), now: now)
        #expect(machine.next(Self.sound(written: 880), now: now) == .write(frames: 220))
        machine.take(.failed(reason: "slow", isStall: true), now: now)
        #expect(machine.next(Self.sound(written: 880), now: now) == .close)
        #expect(machine.next(Self.sound(written: 880), now: now) == .report(lost: "Audio output test: slow"))
    }

    @Test("W11: playback standing still for 4 s while audio is owed is a loss")
    mutating func stuck() {
        open()
        let view = Machine.View(burstOpen: true, written: 5000, audibleUntil: 5000)
        var closed = false
        while now.sinceStart < .seconds(5) && !closed {
            switch machine.next(view, now: now) {
            case .measure: machine.take(.unheard(5000, queued: 5000), now: now)
            case .pad(let frames): machine.take(.wrote(frames: frames), now: now)  // the server takes nothing
            case .wait(let until): now = until ?? now
            case .close: closed = true
            default: break
            }
        }
        #expect(closed)
        #expect(now.sinceStart >= .seconds(4) && now.sinceStart < .milliseconds(4100))
    }

    @Test("W11: a new sound after a quiet while is measured afresh, not taken for a stuck server")
    mutating func quietIsNotStuck() {
        open()
        let burst = Machine.View(burstOpen: true, written: 1000, audibleUntil: 1000)
        #expect(machine.next(burst, now: now) == .measure)
        machine.take(.unheard(0, queued: 0), now: now)
        #expect(machine.next(burst, now: now) == .endBurst)
        #expect(machine.next(Machine.View(written: 1000), now: now) == .wait(until: now.advanced(by: .seconds(3))))
        pass(2500)
        #expect(machine.next(Self.sound(written: 1000), now: now) == .measure)
        machine.take(.unheard(0, queued: 0), now: now)
        #expect(machine.next(Self.sound(written: 1000), now: now) == .write(frames: 220))
    }

    @Test("W16: a device found broken before anything of a burst went to it is opened again at once; nothing fails")
    mutating func staleDevice() {
        open()
        #expect(machine.next(Machine.View(), now: now) == .wait(until: now.advanced(by: .seconds(3))))
        pass(1000)
        // The first slice of a burst goes without a measure, once the device says it is connected.
        #expect(machine.next(Self.sound(), now: now) == .check)
        machine.take(.connected(false), now: now)
        #expect(machine.next(Self.sound(), now: now) == .close)
        #expect(machine.next(Self.sound(), now: now) == .open)
        machine.take(.opened(rewrites: false), now: now)
        #expect(machine.working)
        // Broken again at once: now it is a loss.
        start()
        machine.take(.failed(reason: "Connection refused.", isStall: false), now: now)
        #expect(machine.next(Self.sound(), now: now) == .close)
        #expect(machine.next(Self.sound(), now: now) == .report(lost: "Audio output test: Connection refused."))
    }

    @Test("W12: an utterance not heard by its deadline is a loss")
    mutating func deadline() {
        open()
        var view = Self.sound()
        view.deadline = now.advanced(by: .seconds(1))
        start(view)
        pass(1001)
        #expect(machine.next(view, now: now) == .close)
        guard case .report(let lost?) = machine.next(view, now: now) else {
            Issue.record("no loss reported")
            return
        }
        #expect(lost.contains("not heard within its length"))
    }

    @Test("W13: a real-time device with nothing to do is closed after 3 s")
    mutating func idleClose() {
        open()
        #expect(machine.next(Machine.View(), now: now) == .wait(until: now.advanced(by: .seconds(3))))
        pass(1000)
        #expect(machine.next(Machine.View(), now: now) == .wait(until: Machine.zero(3)))
        pass(2000)
        #expect(machine.next(Machine.View(), now: now) == .close)
        #expect(machine.phase == .closed)
    }

    @Test("W14: a cut goes before anything else")
    mutating func cutFirst() {
        open()
        var view = Self.sound(written: 2000)
        view.cutRequested = true
        view.firstWaiting = 0
        #expect(machine.next(view, now: now) == .cut)
    }

    @Test("W14: a cut measures, then drops what is unheard only while speech is among it")
    mutating func cutDropsOnlyUnheardSpeech() {
        openAndWrite()
        var view = Self.sound(written: 880)
        view.cutRequested = true
        view.speechEnd = 880
        #expect(machine.next(view, now: now) == .cut)
        machine.take(.cutMeasured(unheard: 400), now: now)
        view.cutRequested = false
        #expect(machine.next(view, now: now) == .discard(unheard: 400))
        machine.take(.cut(wroteBack: false, speechEnd: 480), now: now)
        // Speech that all lies before what is unheard: nothing is dropped, and the burst goes on.
        view = Self.sound(written: 880)
        view.cutRequested = true
        view.speechEnd = 300
        #expect(machine.next(view, now: now) == .cut)
        machine.take(.cutMeasured(unheard: 400), now: now)
        view.cutRequested = false
        #expect(machine.next(view, now: now) == .measure)
    }

    @Test("W15: a file counts what was written as heard, and never waits on it")
    func file() {
        var machine = Machine(
            settings: .init(sampleRate: 22050, isRealTime: false, outputName: "wav"), now: .zero)
        #expect(machine.next(Self.sound(), now: .zero) == .open)
        machine.take(.opened(rewrites: false), now: .zero)
        #expect(machine.next(Self.sound(), now: .zero) == .write(frames: 220))
        machine.take(.wrote(frames: 220), now: .zero)
        var view = Self.sound(written: 220)
        view.firstWaiting = 100
        #expect(machine.next(view, now: .zero) == .settle(upTo: 220))
        #expect(machine.next(Machine.View(burstOpen: true, written: 220, audibleUntil: 220), now: .zero) == .endBurst)
        #expect(machine.next(Machine.View(), now: .zero) == .wait(until: nil))
    }

    @Test("W20: each underrun counted raises the lead by 20 ms, up to 100 ms more")
    mutating func leadGrowsWithUnderruns() {
        open()
        #expect(machine.lead == 882)  // a device that cannot write over its queue: 40 ms
        start()
        machine.take(.wrote(frames: 220), now: now)
        for expected in [1323, 1764, 2205, 2646, 3087, 3087] {
            pass(20)
            _ = machine.next(Self.sound(written: 220), now: now)  // audio owed all along
            #expect(machine.underflow(at: now) != nil)
            #expect(machine.lead == expected)
        }
    }

    @Test("W20: the raised lead paces the writes")
    mutating func raisedLeadPaces() {
        openAndWrite()
        pass(20)
        #expect(machine.next(Self.sound(written: 880), now: now) == .measure)
        #expect(machine.underflow(at: now) != nil)
        machine.take(.unheard(800, queued: 800), now: now)
        // 800 queued and a slice make 1020 frames: past the 40 ms floor, within it raised by 20 ms.
        #expect(machine.next(Self.sound(written: 880), now: now) == .write(frames: 220))
    }

    @Test("W20: each 60 s without an underrun takes the lead 20 ms back, to its floor, at the writer's own steps")
    mutating func leadSettlesBack() {
        open()
        start()
        machine.take(.wrote(frames: 220), now: now)
        pass(20)
        _ = machine.next(Self.sound(written: 220), now: now)
        #expect(machine.underflow(at: now) != nil && machine.underflow(at: now) != nil)
        #expect(machine.lead == 1764)
        pass(59_999)
        #expect(machine.next(Machine.View(burstOpen: true, written: 220, audibleUntil: 220), now: now) != .leadChanged)
        #expect(machine.lead == 1764)
        pass(1)
        #expect(machine.next(Machine.View(burstOpen: true, written: 220, audibleUntil: 220), now: now) == .leadChanged)
        #expect(machine.lead == 1323)
        // Quiet: the device closes, and no wake-up is asked for the lead's next step back.
        while machine.next(Machine.View(written: 220), now: now) != .close { pass(1000) }
        #expect(machine.next(Machine.View(written: 220), now: now) == .wait(until: nil))
        pass(120_000)
        // The writer's next step takes back what the quiet while held: to the floor at once.
        #expect(machine.next(Machine.View(written: 220), now: now) == .leadChanged)
        #expect(machine.lead == 882)
        #expect(machine.next(Machine.View(written: 220), now: now) == .wait(until: nil))
    }
}

extension WriterMachine where Instant == TestInstant {
    static func zero(_ seconds: Int) -> TestInstant { TestInstant.zero.advanced(by: .seconds(seconds)) }
}
