import Testing

/// The judge of "a cue under speech", on the shipped cues rendered in memory and mixed as the
/// daemon mixes them: alone they read as alone, under real espeak-ng speech as under speech.
@Suite("Telling a cue under speech")
struct SpeechUnderCueTests {
    typealias Audio = LanePulseDecoderTests

    @Test("Every row's cue alone leaves nearly nothing once its notes are fitted out, found a little off its start")
    func cueAlone() throws {
        let (audio, played) = try Audio.race(rows: 30)
        let mixed = audio.map { Audio.mixed($0, 0, noise: 0) }
        let judge = SpeechUnderCue(sampleRate: Audio.rate)
        for (index, cue) in played.enumerated() {
            // The decoder finds a start to half a millisecond; the judge is given one that far off.
            let start = cue.start + (index.isMultiple(of: 2) ? 1 : -1) * Audio.rate / 2000
            let window = Array(mixed[(start - judge.search)..<(start - judge.search + judge.windowLength)])
            let residual = judge.residual(window)
            #expect(residual < judge.threshold / 4, "cue \(index) \(cue.safe): \(residual)")
        }
    }

    @Test("Under real speech, a cue reads as under speech exactly where the speech alone is that loud")
    func cueUnderSpeech() throws {
        let (audio, played) = try Audio.race(rows: 40)
        let speech = try Audio.speech(covering: audio.count)
        let mixed = audio.indices.map { Audio.mixed(audio[$0], speech[$0], noise: 0) }
        let judge = SpeechUnderCue(sampleRate: Audio.rate)
        var (under, alone) = (0, 0)
        for cue in played {
            let from = cue.start - judge.search
            let residual = judge.residual(Array(mixed[from..<(from + judge.windowLength)]))
            // The speech by itself where the judge looks: each slot after its first 5 ms.
            let heard = (0..<3).flatMap { lane in
                let slot = cue.start + lane * judge.slot
                return speech[(slot + judge.skip)..<(slot + judge.slot)].map { Double($0 / 2) }
            }
            let level = (heard.reduce(0) { $0 + $1 * $1 } / Double(heard.count)).squareRoot()
            // The fit takes out what of the speech lies along the notes, and nothing more.
            #expect(
                residual <= level + 5 && residual >= 0.7 * level, "cue at \(cue.start): \(residual), speech \(level)")
            if level >= judge.threshold / 0.7 {
                #expect(residual >= judge.threshold)
                under += 1
            }
            if level == 0 { alone += 1 }
        }
        // Both kinds occur: espeak-ng pauses between sentences.
        #expect(under >= played.count / 2 && alone >= 1, "\(under) under speech, \(alone) alone of \(played.count)")
    }
}
