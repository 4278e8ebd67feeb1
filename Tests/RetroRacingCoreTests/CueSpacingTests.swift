import RetroRacingCore
import Testing

/// When the race's lines go to the narrator (issue 24): a cue sounds alone, the speech of its tick
/// after it, and the speech left between cues is cut before the next one. Time is given, never waited.
@Suite("Spacing cues and speech")
struct CueSpacingTests {
    typealias Line = CueSpacing.Line
    static let start = ContinuousClock.now
    static func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    static let cue = Line(#"{"type":"lanes_ahead"}"#, kind: .laneCue)
    static let score = Line(#"{"type":"score_changed","score":3}"#, kind: .other)
    static let warning = Line(#"{"type":"level_change_imminent","active":true}"#, kind: .other)
    static let lane = Line(#"{"type":"lane_changed","lane":0}"#, kind: .other)
    static let moved = Line(#"{"type":"moved","lane":0}"#, kind: .sound)

    @Test("A tick's cue goes first, after a cut of what speech is left; its speech waits until the cue has sounded")
    func speechWaitsForItsCue() {
        var spacing = CueSpacing(cuesOn: true)
        // The model emits the cue first; a line that came before it in a batch still goes after it.
        let steps = spacing.submit([Self.score, Self.cue, Self.warning], at: Self.at(0))
        #expect(steps == [.cancelBetweenCues, .send(Self.cue)])
        #expect(spacing.heldUntil == Self.at(150))
        #expect(spacing.due(at: Self.at(149)) == [])
        #expect(spacing.due(at: Self.at(150)) == [.send(Self.score), .send(Self.warning)])
        #expect(spacing.heldUntil == nil)
        // Once the cue has sounded, a line goes at once.
        #expect(spacing.submit([Self.lane], at: Self.at(200)) == [.send(Self.lane)])
    }

    @Test("A move cue sounds alone too: its spoken lane waits for it, and it cancels nothing")
    func moveCue() {
        var spacing = CueSpacing(cuesOn: true)
        #expect(spacing.submit([Self.lane, Self.moved], at: Self.at(1000)) == [.send(Self.moved)])
        #expect(spacing.heldUntil == Self.at(1150))
        // A move during a lane cue's window makes what waits wait for the move's cue as well.
        _ = spacing.due(at: Self.at(1150))
        _ = spacing.submit([Self.cue, Self.score], at: Self.at(2000))
        #expect(spacing.submit([Self.lane, Self.moved], at: Self.at(2100)) == [.send(Self.moved)])
        #expect(spacing.heldUntil == Self.at(2250))
        #expect(spacing.due(at: Self.at(2250)) == [.send(Self.score), .send(Self.lane)])
    }

    @Test(
        "Lines still waiting when the next cue comes (steps shorter than a cue) go before it, in order, and are cut with it"
    )
    func fasterThanACue() {
        var spacing = CueSpacing(cuesOn: true)
        _ = spacing.submit([Self.cue, Self.score], at: Self.at(0))
        let steps = spacing.submit([Self.cue, Self.warning], at: Self.at(50))
        #expect(steps == [.send(Self.score), .cancelBetweenCues, .send(Self.cue)])
        #expect(spacing.heldUntil == Self.at(200))
    }

    @Test("The speech left between cues is cut once, 40 ms before a tick's cue")
    func cutAhead() {
        var spacing = CueSpacing(cuesOn: true)
        let tick = Self.at(300)
        #expect(spacing.cut(before: tick) == Self.at(260))
        #expect(spacing.cueComing(at: tick, now: Self.at(259)) == [])
        #expect(spacing.cueComing(at: tick, now: Self.at(260)) == [.cancelBetweenCues])
        #expect(spacing.cueComing(at: tick, now: Self.at(280)) == [])
        #expect(spacing.cut(before: tick) == nil)
        #expect(spacing.cut(before: Self.at(600)) == Self.at(560))
    }

    @Test("With lane cues off a lane cue holds nothing back and cuts nothing; other cues still sound alone")
    func cuesOff() {
        var spacing = CueSpacing(cuesOn: false)
        #expect(spacing.submit([Self.score, Self.cue], at: Self.at(0)) == [.send(Self.score), .send(Self.cue)])
        #expect(spacing.heldUntil == nil && spacing.cut(before: Self.at(300)) == nil)
        #expect(spacing.submit([Self.lane, Self.moved], at: Self.at(1000)) == [.send(Self.moved)])
        #expect(spacing.due(at: Self.at(1150)) == [.send(Self.lane)])
    }

    @Test("When the game ends, what waits goes at once, in order")
    func flushAtTheEnd() {
        var spacing = CueSpacing(cuesOn: true)
        let finished = Line(#"{"type":"finished"}"#, kind: .other)
        _ = spacing.submit([Self.cue, Self.score], at: Self.at(0))
        #expect(spacing.submit([finished], at: Self.at(10)) == [])
        #expect(spacing.flush() == [.send(Self.score), .send(finished)])
        #expect(spacing.heldUntil == nil && spacing.flush() == [])
    }

    @Test("A cue that sounds longer keeps the words back longer")
    func longerCue() {
        var spacing = CueSpacing(cuesOn: true)
        let chirp = Line(
            #"{"type":"level_change_imminent","feedback":"sound"}"#, kind: .sound, sounding: .milliseconds(330))
        #expect(spacing.submit([chirp, Self.warning], at: Self.at(0)) == [.send(chirp)])
        #expect(spacing.heldUntil == Self.at(330))
    }
}
