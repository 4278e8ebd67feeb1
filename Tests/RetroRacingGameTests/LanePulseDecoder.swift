import Foundation

/// Hears RetroRacing's lane pulses in a recording, mono or stereo, as a player would: no game
/// state, no events, only samples.
///
/// In stereo each channel is filtered on its own and the two levels are joined by power
/// (√((L² + R²) / 2)), the same equal-power sum the narrator's pan law keeps: a note at a side
/// (√2 times its level on one side, nothing on the other) measures as it does at the centre, so the
/// thresholds below hold wherever a note is placed. With `byPlace` the lane notes share one pitch
/// and a note's lane is told by where it is heard: left, both sides, right.
///
/// The shipped `lane_pulses` sound (Localization/retroracing/sounds.json) plays three 30 ms slots,
/// left C5, middle E5, right G5, each sounding only when that lane is safe. The daemon's mixer
/// plays earcons at their rendered level (at the default effects volume), so a note arrives with a known shape (the tone's
/// attack and decay) and a known peak (`toneAmplitude`). Each lane's note is found with a matched
/// filter: the recording correlated with that note under that envelope, whose output is about the
/// note's amplitude where it sounds and small elsewhere, also where speech sounds (speech spreads
/// its energy over many frequencies and never holds one pitch with that envelope).
///
/// A cue is found from its first note: once a note stands out, its frequency says which slot it
/// is, so where the cue started, and the other two slots are read at their places. A lane is safe
/// when its note stands out from what the same filter heard one slot earlier (speech there raises
/// both). The game ticks at a rate the player knows, so once a cue is heard the next is looked for
/// around one tick later; a cue heard off that beat (the first one, and the first after a crash's
/// pause) must be clearer to count, so that speech between cues is not taken for one.
struct LanePulseDecoder {
    /// One lane cue heard.
    struct Cue: Equatable {
        /// The sample where its first slot starts.
        var start: Int
        /// How far each lane's note stood out, left to right, in sample units (about
        /// `toneAmplitude` for a note that sounded, near 0 for one that did not).
        var strengths: [Double]
        /// Whether each lane's note sounded: the lane is safe.
        var safe: [Bool]
        /// Whether it came about one tick after the cue before it.
        var onBeat: Bool
        /// The points the row is worth when it is passed: one per car, a car where a lane is not safe.
        var points: Int { safe.count { !$0 } }
    }

    /// The lane notes, left to right (C5, E5, G5).
    static let notes = [523.25, 659.26, 783.99]
    /// The one pitch of every lane note when lanes are told by place alone (E5, the middle's).
    static let onePitch = 659.26
    /// A note's peak as the daemon plays it: the sound book's unit peak (8192); under loud speech the
    /// mixer's limiter may turn it down a little.
    static let toneAmplitude = 8192.0

    let sampleRate: Int
    /// Samples per frame of what is fed: 1, or 2 (interleaved left, right).
    let channels: Int
    /// The lanes' notes share one pitch: a first note's lane is where it is heard.
    let byPlace: Bool
    /// Samples in one slot of the cue (30 ms).
    let slot: Int
    /// Samples between ticks, when the player knows the game's rate.
    let beat: Int?
    /// A first note must stand out this much to be looked at.
    var noteThreshold = 0.5 * toneAmplitude
    /// A lane is safe when its note stands out this much.
    var safeThreshold = 0.5 * toneAmplitude
    /// On the beat, a cue whose notes all fell short counts once with its clearest note this strong.
    var faintThreshold = 0.3 * toneAmplitude
    /// Off the beat, a cue counts only with two safe lanes, or one note standing out this much.
    var clearThreshold = 0.85 * toneAmplitude

    private let cosines: [[Double]]
    private let sines: [[Double]]
    private let envelopeEnergy: Double
    /// Step between the places where a first note is looked for.
    private let hop: Int
    /// The recording so far, one array per channel.
    private var samples: [[Int16]]
    /// Frames recorded so far.
    private var frames: Int { samples[0].count }
    /// The next place a first note is looked for.
    private var cursor = 0
    /// Matched-filter levels already worked out, per lane, by grid point (-1: not yet).
    private var levels: [[Double]] = [[], [], []]
    /// Samples between the places where levels are worked out.
    private static let grid = 11
    /// The last cue on the beat was taken from a note that fell short.
    private var lastWasFaint = false
    /// The starts of the last cues heard one beat apart, oldest first.
    private var chain: [Int] = []

    /// A decoder for audio at `sampleRate` in `channels`; `tickMilliseconds` is the game's tick,
    /// when known; `byPlace`: every lane note at `onePitch`, told apart by place (stereo only).
    init(sampleRate: Int = 22050, tickMilliseconds: Int? = nil, channels: Int = 1, byPlace: Bool = false) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.byPlace = byPlace
        samples = Array(repeating: [], count: channels)
        slot = Int((0.030 * Double(sampleRate)).rounded())
        beat = tickMilliseconds.map { $0 * sampleRate / 1000 }
        hop = 2 * Self.grid
        // The shipped tone's envelope: up over 3 ms, down over the last 20 ms, linear.
        let attack = (0.003 * Double(sampleRate)).rounded()
        let decay = (0.020 * Double(sampleRate)).rounded()
        let length = slot
        let rate = Double(sampleRate)
        let envelope = (0..<length).map { index -> Double in
            var value = Double(index) < attack ? Double(index) / attack : 1
            let fromEnd = Double(length - 1 - index)
            if fromEnd < decay { value = min(value, fromEnd / decay) }
            return value
        }
        envelopeEnergy = envelope.reduce(0) { $0 + $1 * $1 }
        let notes = byPlace ? Array(repeating: Self.onePitch, count: 3) : Self.notes
        cosines = notes.map { hertz in
            envelope.indices.map { envelope[$0] * cos(2 * .pi * hertz * Double($0) / rate) }
        }
        sines = notes.map { hertz in
            envelope.indices.map { envelope[$0] * sin(2 * .pi * hertz * Double($0) / rate) }
        }
    }

    /// Takes the next samples of the recording (whole frames); returns the cues they completed, in
    /// order. A cue's `start` counts frames.
    mutating func feed(_ more: [Int16]) -> [Cue] {
        for channel in 0..<channels {
            samples[channel] += stride(from: channel, to: more.count, by: channels).map { more[$0] }
        }
        var cues: [Cue] = []
        while let cue = nextCue() { cues.append(cue) }
        return cues
    }

    /// The next cue whose samples have all arrived, if any.
    private mutating func nextCue() -> Cue? {
        if let window = beatWindow() {
            // Every start in the window is tried once it has all been heard: speech can sound one
            // lane's note in it before the cue does, but only the cue lines its notes up with their slots.
            guard window.upperBound + 3 * slot + hop <= frames else { return nil }
            var best: (start: Int, score: Double)?
            for start in stride(from: window.lowerBound, through: window.upperBound, by: hop) {
                let score = read(start: start).strengths.reduce(0) { $0 + max(0, $1) }
                if score > best?.score ?? 0 { best = (start, score) }
            }
            if let best, case var cue = read(start: best.start) {
                if cue.safe.contains(true) {
                    lastWasFaint = false
                    return accept(start: best.start, cue, onBeat: true)
                }
                // Speech over a cue can cancel part of its note. A cue is due, so the clearest
                // lane is taken as the safe one; but not twice running, for on the beat of a
                // race that has stopped (a crash) there is only speech.
                let clearest = cue.strengths.indices.max { cue.strengths[$0] < cue.strengths[$1] } ?? 1
                if !lastWasFaint && cue.strengths[clearest] >= faintThreshold {
                    lastWasFaint = true
                    cue.safe[clearest] = true
                    return accept(start: best.start, cue, onBeat: true)
                }
            }
            // Nothing on the beat (a crash's pause, the race is over): listen freely from the last cue.
            chain = []
            lastWasFaint = false
        }
        // A first note is looked for at the cursor and up to half a slot after it.
        while cursor + slot + slot / 2 <= frames {
            guard let (lane, peak) = firstNote(at: cursor) else {
                cursor += hop
                continue
            }
            let start = peak - lane * slot
            // The cue is read once its last slot has arrived.
            guard start + 3 * slot + hop <= frames else { return nil }
            let cue = read(start: start)
            // Off the beat, speech must not pass for a cue: it takes two safe lanes, or one very clear.
            let clear = cue.safe.count { $0 } >= 2 || (cue.strengths.max() ?? 0) >= clearThreshold
            guard cue.safe[lane] && clear else {
                cursor += hop
                continue
            }
            return accept(start: start, cue, onBeat: false)
        }
        return nil
    }

    private mutating func accept(start: Int, _ cue: (strengths: [Double], safe: [Bool]), onBeat: Bool) -> Cue {
        cursor = start + 3 * slot + slot / 2
        chain = Array((chain + [start]).suffix(8))
        return Cue(start: start, strengths: cue.strengths, safe: cue.safe, onBeat: onBeat)
    }

    /// Where the next cue may start, when the last ones came on a known beat. The sound path
    /// delivers a cue either on its beat or up to about 40 ms early (whether the sound server
    /// could mix it into audio it had already rendered), so the latest of the recent cues marks
    /// the beat; after only one or two cues, either could have been early.
    private func beatWindow() -> ClosedRange<Int>? {
        guard let beat, let last = chain.last else { return nil }
        let latest = chain.enumerated().map { $0.element + (chain.count - $0.offset) * beat }.max() ?? last + beat
        let early = sampleRate * 45 / 1000
        let late = chain.count >= 3 ? sampleRate * 15 / 1000 : early
        return (latest - early)...(latest + late)
    }

    /// A lane's note standing out at `position`, and the place of its peak (within half a slot).
    private mutating func firstNote(at position: Int) -> (Int, Int)? {
        let levels = (0..<3).map { amplitude(lane: $0, at: position) }
        guard let lane = levels.indices.max(by: { levels[$0] < levels[$1] }), levels[lane] >= noteThreshold else {
            return nil
        }
        var peak = position
        var best = levels[lane]
        let step = max(1, hop / 2)
        var next = position + step
        while next <= position + slot / 2 {
            let level = amplitude(lane: lane, at: next)
            if level < best { break }
            best = level
            peak = next
            next += step
        }
        // With one pitch, which lane it is comes from where it is heard, at its clearest.
        return (byPlace ? place(at: peak) : lane, peak)
    }

    /// The three lanes of a cue starting at `start`: each note at its slot (give or take half a
    /// hop), less what the same filter heard one slot before, or after if that was less (after
    /// only within the cue, so as not to wait for more): a note lasts one slot, a vowel of
    /// speech longer, so speech that goes on through a slot is not taken for its note.
    private mutating func read(start: Int) -> (strengths: [Double], safe: [Bool]) {
        if byPlace { return readByPlace(start: start) }
        let strengths = (0..<3).map { lane -> Double in
            let place = start + lane * slot
            let level = [-hop / 2, 0, hop / 2].map { amplitude(lane: lane, at: place + $0) }.max() ?? 0
            let before = amplitude(lane: lane, at: place - slot)
            let after = lane < 2 ? amplitude(lane: lane, at: place + slot) : before
            return level - min(before, after)
        }
        return (strengths, strengths.map { $0 >= safeThreshold })
    }

    /// `read` when every note has one pitch: the side lanes are heard in the difference of the
    /// channels ((L - R) / √2: a side note at its level, the centre's speech and note cancelled), the
    /// middle in their mean, less what the side notes put there (√2 / 2 of theirs), so the note of
    /// a side lane next to it is not taken for speech.
    private func readByPlace(start: Int) -> (strengths: [Double], safe: [Bool]) {
        func side(_ at: Int) -> Double { mixed(at: at, left: 0.5.squareRoot(), right: -(0.5.squareRoot())) }
        func middle(_ at: Int) -> Double { max(0, mixed(at: at, left: 0.5, right: 0.5) - 0.5.squareRoot() * side(at)) }
        let strengths = (0..<3).map { lane -> Double in
            let place = start + lane * slot
            let measure = lane == 1 ? middle : side
            let level = [-hop / 2, 0, hop / 2].map { measure(place + $0) }.max() ?? 0
            let before = measure(place - slot)
            let after = lane < 2 ? measure(place + slot) : before
            return level - min(before, after)
        }
        return (strengths, strengths.map { $0 >= safeThreshold })
    }

    /// The matched filter's amplitude of the one pitch in `left` × L + `right` × R, at `at` (0 where
    /// the recording does not reach, or is mono).
    private func mixed(at position: Int, left: Double, right: Double) -> Double {
        let place = (position + Self.grid / 2) / Self.grid * Self.grid
        guard channels == 2, place >= 0, place + slot <= frames else { return 0 }
        let (a, b) = (components(lane: 1, channel: 0, at: place), components(lane: 1, channel: 1, at: place))
        let (real, imaginary) = (left * a.real + right * b.real, left * a.imaginary + right * b.imaginary)
        return 2 * (real * real + imaginary * imaginary).squareRoot() / envelopeEnergy
    }

    /// Where a note starting at `position` is heard, as the lane placed there. The channels' phasors
    /// at the pitch differ by √2 × the note for a side note and by nothing for a centred one, whatever
    /// centred speech adds to both: a difference of half a note or more is a side, the louder channel
    /// says which; less is the middle.
    private func place(at position: Int) -> Int {
        guard channels == 2 else { return 1 }
        let place = (position + Self.grid / 2) / Self.grid * Self.grid
        guard place >= 0, place + slot <= frames else { return 1 }
        let (left, right) = (components(lane: 1, channel: 0, at: place), components(lane: 1, channel: 1, at: place))
        let scale = 2 / envelopeEnergy
        let difference =
            scale
            * ((left.real - right.real) * (left.real - right.real)
            + (left.imaginary - right.imaginary) * (left.imaginary - right.imaginary)).squareRoot()
            / 2.0.squareRoot()
        guard difference >= noteThreshold else { return 1 }
        let leftPower = left.real * left.real + left.imaginary * left.imaginary
        let rightPower = right.real * right.real + right.imaginary * right.imaginary
        return leftPower > rightPower ? 0 : 2
    }

    /// The matched filter: the amplitude of lane `lane`'s note, under the tone's envelope, in
    /// the slot starting at `position` (0 where the recording does not reach); in stereo, the
    /// channels' levels joined by power. Computed on a grid of half a millisecond, each point once:
    /// the beat window asks for the same places many times.
    private mutating func amplitude(lane: Int, at position: Int) -> Double {
        let point = (position + Self.grid / 2) / Self.grid
        let place = point * Self.grid
        guard place >= 0, place + slot <= frames else { return 0 }
        if levels[lane].count <= point {
            levels[lane] += [Double](repeating: -1, count: point + 1 - levels[lane].count)
        }
        if levels[lane][point] >= 0 { return levels[lane][point] }
        let power = (0..<channels).reduce(0.0) { total, channel in
            let one = self.level(lane: lane, channel: channel, at: place)
            return total + one * one
        }
        let joined = (power / Double(channels)).squareRoot()
        levels[lane][point] = joined
        return joined
    }

    /// The matched filter on one channel, at `place` (which the recording reaches).
    private func level(lane: Int, channel: Int, at place: Int) -> Double {
        let (real, imaginary) = components(lane: lane, channel: channel, at: place)
        return 2 * (real * real + imaginary * imaginary).squareRoot() / envelopeEnergy
    }

    /// The filter's two components (against the note's cosine and sine) on one channel.
    private func components(lane: Int, channel: Int, at place: Int) -> (real: Double, imaginary: Double) {
        var real = 0.0
        var imaginary = 0.0
        cosines[lane].withUnsafeBufferPointer { cosine in
            sines[lane].withUnsafeBufferPointer { sine in
                samples[channel].withUnsafeBufferPointer { recorded in
                    for index in 0..<slot {
                        let sample = Double(recorded[place + index])
                        real += sample * cosine[index]
                        imaginary += sample * sine[index]
                    }
                }
            }
        }
        return (real, imaginary)
    }
}
