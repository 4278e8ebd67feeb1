import Testing

@testable import NarratorAudio

/// W18 (docs/AUDIO.md): of the underflows the sound server reports, only those that came while the
/// mixer held audio the writer had not written yet are gaps; a stream that runs dry at a sound's end
/// is not. The machine is driven as the writer drives it: a step sees what the mixer holds, and the
/// server's reports are taken before the next step.
@Suite("The writer's count of gaps (W18)")
struct WriterUnderflowTests {
    static let settings = Machine.Settings(sampleRate: 22050, isRealTime: true, outputName: "test")
    var now = TestInstant.zero
    var machine = Machine(settings: settings, now: .zero)

    /// One step with `slice` frames left to mix (0: nothing owed).
    mutating func step(owed slice: Int, written: Int = 0) {
        let view = Machine.View(nextSlice: slice, burstOpen: written > 0, written: written, audibleUntil: written)
        _ = machine.next(view, now: now)
    }

    mutating func pass(_ milliseconds: Int) { now = now.advanced(by: .milliseconds(milliseconds)) }

    /// The server's underflow reported `milliseconds` after the start, taken by the machine: a gap?
    mutating func judge(_ milliseconds: Int) -> Bool {
        machine.underflow(at: TestInstant.zero.advanced(by: .milliseconds(milliseconds))) != nil
    }

    @Test("W18: a stream that runs dry after the last of a sound was written is not a gap")
    mutating func dryAtTheEnd() {
        step(owed: 220)
        pass(30)
        step(owed: 0, written: 660)  // all written at 30 ms; the stream runs dry about 40 ms later
        pass(45)
        let atTheEnd = judge(72)
        #expect(!atTheEnd)
        step(owed: 0, written: 660)
        #expect(machine.gaps == 0)
    }

    @Test("W18: an underflow while audio waited to be written is a gap, counted once")
    mutating func starvedInsideASound() {
        step(owed: 220)
        pass(500)  // the writer was starved: no step for half a second, speech still owed
        let starved = judge(90)
        #expect(starved)
        step(owed: 220, written: 660)
        #expect(machine.gaps == 1)
    }

    @Test("W18: a new sound that came just after the stream ran dry does not make its underflow a gap")
    mutating func lateReportOfAnEnd() {
        step(owed: 220)
        pass(20)
        step(owed: 0, written: 440)
        pass(50)
        // The stream ran dry at about 60 ms; an earcon came at 70 ms, before the report (at 72 ms).
        step(owed: 220, written: 440)
        pass(2)
        let beforeTheEarcon = judge(72)
        #expect(!beforeTheEarcon)
        // The same report a slice after the earcon came would mean the earcon itself was broken.
        let inTheEarcon = judge(81)
        #expect(inTheEarcon)
        #expect(machine.gaps == 1)
    }

    @Test("W18: a report taken after the writer caught up is judged by when it came")
    mutating func reportTakenLate() {
        step(owed: 220)
        pass(200)
        step(owed: 0, written: 4410)  // caught up at 200 ms, then idle
        pass(1000)
        step(owed: 220, written: 4410)  // the next sound, a second later
        let inside = judge(150)  // inside the first sound: a gap
        #expect(inside)
        let between = judge(600)  // between the two: silence
        #expect(!between)
        #expect(machine.gaps == 1)
    }

    @Test("W18: a stop that empties the server's queue is not a gap, though speech was owed just before")
    mutating func stopEmptiesTheQueue() {
        step(owed: 220)
        pass(300)
        step(owed: 220, written: 6615)  // speech still queued in the mixer at 300 ms
        pass(5)
        step(owed: 0, written: 6615)  // stopped at 305 ms: the speech dropped, then the cut flushes the server
        pass(3)
        let afterTheStop = judge(307)
        #expect(!afterTheStop)
        #expect(machine.gaps == 0)
    }

    /// A stop as the writer carries it out on an open device: the machine hands out the cut, the
    /// mixer drops the unheard speech (and writes back earcons sounding through it, or not).
    mutating func cut(wroteBack: Bool) {
        machine.take(.opened(rewrites: true), now: now)
        let view = Machine.View(nextSlice: 220, cutRequested: true, burstOpen: true, written: 6615, speechEnd: 6615)
        #expect(machine.next(view, now: now) == .cut)
        machine.take(.cutMeasured(unheard: 2000), now: now)
        var cutting = view
        cutting.cutRequested = false
        #expect(machine.next(cutting, now: now) == .discard(unheard: 2000))
        machine.take(.cut(wroteBack: wroteBack, speechEnd: 4615), now: now)
    }

    /// What RetroRacing does at every step: stop the line being said and start the next at once,
    /// so audio is owed without a break through the cut, and the server runs dry where the cut
    /// left its queue before the next line's first slice comes.
    @Test("W18: the stream running dry where a cut left it is the cut's silence, though the next line was owed")
    mutating func cutThenNextLine() {
        step(owed: 220)
        pass(300)
        cut(wroteBack: false)
        pass(20)
        step(owed: 220, written: 6615)  // the next line, owed all along
        let whereTheCutLeftIt = machine.underflow(at: now, atCut: true) != nil
        #expect(!whereTheCutLeftIt)
        // The same report anywhere else in the stream is a gap.
        let elsewhere = machine.underflow(at: now, atCut: false) != nil
        #expect(elsewhere)
        #expect(machine.gaps == 1)
    }

    @Test("W18: running dry where a cut left the stream breaks the earcons it wrote back")
    mutating func cutWithEarconWrittenBack() {
        step(owed: 0)
        pass(300)
        cut(wroteBack: true)  // an earcon sounded through the stop; its write-back came late
        pass(20)
        let intoTheEarcon = machine.underflow(at: now, atCut: true)
        #expect(intoTheEarcon?.owed == .milliseconds(20), "owed since the cut began")
        #expect(machine.gaps == 1)
    }

    @Test("W18: with nothing ever owed, no underflow is a gap")
    mutating func idle() {
        step(owed: 0)
        pass(100)
        let whileIdle = judge(50)
        #expect(!whileIdle)
        #expect(machine.gaps == 0)
    }
}
