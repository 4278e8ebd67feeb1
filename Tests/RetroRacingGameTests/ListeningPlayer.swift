import Foundation
import NarratorTestSupport

/// A player who knows the game's keys and rhythm but sees nothing: it hears the sink's monitor,
/// decodes each lane cue (`LanePulseDecoder`) and steers into the lane whose note it heard most
/// clearly, by typing keys into the game's standard input. Nothing else of the game reaches it:
/// not its state, not its events, not the daemon's notifications.
///
/// Its own lane it knows from its own keys. A pause in the rhythm (a crash clears the road and
/// puts the car back in the middle lane; it can tell a crash only by that silence) makes it forget
/// the lane: the next move is then made from the left edge, by pressing left twice (a move at the
/// edge does nothing) and right as often as the target lane's number.
///
/// It keeps the score by ear: a cue tells how many lanes hold a car, and the cars of a row are
/// passed, a point each, when the next cue comes on the beat (a crash breaks the beat, and the
/// row it happened in scores nothing). It quits with `q` once that count reaches `goal`.
final class ListeningPlayer {
    /// What one race sounded like to the player.
    struct Log {
        var cues: [LanePulseDecoder.Cue] = []
        /// Points counted by ear.
        var points = 0
        /// For each cue, how long after its first sample arrived the player had typed its keys.
        var reactions: [Duration] = []
        var keys = ""
        /// Whether it quit (reached the goal) rather than the game ending or time running out.
        var quit = false
    }

    let recorder: MonitorRecorder
    let game: KeyboardProcess
    let tickMilliseconds: Int
    let goal: Int
    /// The lane notes share one pitch: the player tells the lanes by where it hears them.
    let byPlace: Bool

    init(recorder: MonitorRecorder, game: KeyboardProcess, tickMilliseconds: Int, goal: Int, byPlace: Bool = false) {
        self.recorder = recorder
        self.game = game
        self.tickMilliseconds = tickMilliseconds
        self.goal = goal
        self.byPlace = byPlace
    }

    /// Listens from sample `start` (a frame's first) until it has counted `goal` points, the game
    /// exits, or `limit` passes.
    func play(from start: Int, limit: Duration) -> Log {
        let channels = recorder.channels
        var decoder = LanePulseDecoder(
            sampleRate: recorder.sampleRate, tickMilliseconds: tickMilliseconds, channels: channels, byPlace: byPlace)
        var log = Log()
        var position = start
        var lane: Int?
        let deadline = ContinuousClock.now + limit
        let block = recorder.sampleRate / 200
        while ContinuousClock.now < deadline, game.process.waitForExit(within: .zero) == nil {
            recorder.waitForSamples(position + block * channels, limit: .milliseconds(50))
            // Whole frames only: the recorder may hold half of one.
            let end = min(recorder.count / channels * channels, position + recorder.sampleRate * channels)
            let samples = end > position ? recorder.samples(in: position..<end) : []
            position += samples.count
            for cue in decoder.feed(samples) {
                if cue.onBeat, let previous = log.cues.last { log.points += previous.points }
                if !cue.onBeat { lane = nil }
                log.cues.append(cue)
                let target = Self.choose(cue, current: lane)
                if target != lane {
                    let keys = Self.keys(from: lane, to: target)
                    game.type(keys)
                    log.keys += keys
                    lane = target
                }
                if let heard = recorder.arrival(ofSample: start + cue.start * channels) {
                    log.reactions.append(.now - heard)
                }
                if log.points >= goal {
                    game.type("q")
                    log.quit = true
                    return log
                }
            }
        }
        return log
    }

    /// Stays in its lane while that lane's note was heard about as clearly as the clearest;
    /// otherwise goes to the lane heard most clearly.
    static func choose(_ cue: LanePulseDecoder.Cue, current: Int?) -> Int {
        let clearest = cue.strengths.indices.max { cue.strengths[$0] < cue.strengths[$1] } ?? 1
        if let current, cue.safe[current], cue.strengths[current] >= 0.6 * cue.strengths[clearest] { return current }
        return clearest
    }

    /// The keys from `lane` to `target`; from an unknown lane, by way of the left edge.
    static func keys(from lane: Int?, to target: Int) -> String {
        guard let lane else { return "hh" + String(repeating: "l", count: target) }
        return String(repeating: target < lane ? "h" : "l", count: abs(target - lane))
    }
}
