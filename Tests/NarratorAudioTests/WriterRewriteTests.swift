import NarratorVoice
import Testing

@testable import NarratorAudio

/// W17 (docs/AUDIO.md): an earcon that starts while our audio waits in the server's queue is mixed
/// into that audio and written over it, so it is heard within a few milliseconds instead of after
/// the writer's lead; the machine's side, with a counter for a clock.
@Suite("The writer: an earcon written over queued audio")
struct WriterRewriteTests {
    typealias Machine = WriterMachine<TestInstant>
    static let settings = Machine.Settings(sampleRate: 22050, isRealTime: true, outputName: "test")
    var machine = Machine(settings: settings, now: .zero)
    let now = TestInstant.zero

    /// Speech in flight with `written` frames written, and maybe an earcon that just started.
    static func view(written: Int, earcon: Bool) -> Machine.View {
        Machine.View(nextSlice: 220, burstOpen: true, written: written, audibleUntil: written, earconStarting: earcon)
    }

    /// Opens a device (`rewrites` or not) and writes a burst's first slice, then 662 more frames.
    mutating func speak(rewrites: Bool) {
        #expect(machine.next(Machine.View(nextSlice: 220), now: now) == .open)
        machine.take(.opened(rewrites: rewrites), now: now)
        #expect(machine.next(Machine.View(nextSlice: 220), now: now) == .check)
        machine.take(.connected(true), now: now)
        #expect(machine.next(Machine.View(nextSlice: 220), now: now) == .write(frames: 220))
        machine.take(.wrote(frames: 220), now: now)
        machine.take(.wrote(frames: 662), now: now)
    }

    @Test("W17: a new earcon is written over what waits in our stream, less a 5 ms margin, after a measure")
    mutating func rewritesQueued() {
        speak(rewrites: true)
        #expect(machine.next(Self.view(written: 882, earcon: true), now: now) == .measure)
        machine.take(.unheard(882 + 300, queued: 800), now: now)
        #expect(machine.next(Self.view(written: 882, earcon: true), now: now) == .rewrite(frames: 800 - 110))
        machine.take(.rewrote, now: now)
        // Written over, nothing added: the lead is measured again before the next slice.
        #expect(machine.next(Self.view(written: 882, earcon: false), now: now) == .measure)
    }

    @Test("W17: with less than the margin queued, the earcon starts with the next slice")
    mutating func littleQueued() {
        speak(rewrites: true)
        #expect(machine.next(Self.view(written: 882, earcon: true), now: now) == .measure)
        machine.take(.unheard(100, queued: 100), now: now)
        #expect(machine.next(Self.view(written: 882, earcon: true), now: now) == .rewrite(frames: 0))
    }

    @Test("W17: a device that cannot write over its queue plays the earcon after it")
    mutating func deviceCannot() {
        speak(rewrites: false)
        #expect(machine.next(Self.view(written: 882, earcon: true), now: now) == .measure)
        machine.take(.unheard(882, queued: 882), now: now)
        #expect(
            machine.next(Self.view(written: 882, earcon: true), now: now)
                == .wait(until: now.advanced(by: .microseconds(9977))))
    }

    @Test("W17: a cut still goes first")
    mutating func cutFirst() {
        speak(rewrites: true)
        var view = Self.view(written: 882, earcon: true)
        view.cutRequested = true
        #expect(machine.next(view, now: now) == .cut)
    }
}
