/// When each of the race's lines goes to the narrator, so that a lane cue sounds alone (issue 24).
///
/// A tick used to send its lane cue and its "Score N" in the same millisecond, so nearly every cue
/// sounded under speech, and the player steers by those cues. So:
/// - a lane cue goes first, before the lines of its own tick; what speech is left between cues (the
///   score and the lane, which the shipped map gives the scope `betweenCues`) is cancelled `cutAhead`
///   before a tick's cue (and again with any cue), so the last tick's score no longer runs on under
///   the new cue, and the cue starts from silence;
/// - while a cue sounds (`window` after it was sent), the other lines wait, and then go in the order
///   they came: speech that belongs to a tick starts once its cue has sounded;
/// - any other cue sounds alone too (a move's, one the help plays): the words sent with it wait for
///   it, but it cancels nothing.
///
/// It decides only; the front end sends what it returns. With lane cues off a tick has no cue to
/// wait for: its lines go at once, as they came, and nothing is cut.
public struct CueSpacing: Sendable {
    /// What a line to the narrator is, as far as spacing goes.
    public enum Kind: Sendable, Equatable {
        /// The lane cue of a tick (`lanes_ahead`): the sound the player steers by.
        case laneCue
        /// Another cue: a move's (`moved`), or one the help plays before saying what it means.
        case sound
        /// Anything else: it may speak.
        case other
    }

    /// One line for the narrator, and the tag its reply is followed by (nil: none).
    public struct Line: Sendable, Equatable {
        public var text: String
        public var tag: String?
        public var kind: Kind
        /// For a cue, how long it keeps the other lines back.
        public var sounding: Duration

        public init(_ text: String, tag: String? = nil, kind: Kind, sounding: Duration = CueSpacing.window) {
            self.text = text
            self.tag = tag
            self.kind = kind
            self.sounding = sounding
        }
    }

    /// What the front end does, in order.
    public enum Step: Sendable, Equatable {
        case send(Line)
        /// Cancels this game's speech in the scope `betweenCues`.
        case cancelBetweenCues
    }

    /// The scope of the speech that the next lane cue cuts (the shipped map's `score_changed` and
    /// `lane_changed`).
    public static let betweenCues = "between_cues"
    /// How long a cue holds the other lines back: the longest shipped cue (an arpeggio of three notes,
    /// 108 ms) and the 40 ms a cue asked for while speech plays waits behind on an output that cannot
    /// write over what it has queued (ALSA; elsewhere it is written over it, docs/AUDIO.md W5, W17).
    public static let window = Duration.milliseconds(150)

    /// How long before a tick's cue the speech left between cues is cut: a cut speech falls silent
    /// within a few milliseconds of the daemon's stop, which a cue sent with the cut could start inside.
    public static let cutAhead = Duration.milliseconds(40)

    /// Whether the player hears lane cues; without them a lane cue holds nothing back and cuts nothing.
    public var cuesOn: Bool
    private var held: [Line] = []
    /// Until when the last cue holds lines back, while some are waiting.
    public private(set) var heldUntil: ContinuousClock.Instant?

    public init(cuesOn: Bool) { self.cuesOn = cuesOn }

    /// The steps for `lines`, which came together at `now` (one command's events, in order).
    public mutating func submit(_ lines: [Line], at now: ContinuousClock.Instant) -> [Step] {
        var steps = due(at: now)
        let lanesHeard = cuesOn
        let isCue = { (line: Line) in line.kind == .sound || (line.kind == .laneCue && lanesHeard) }
        // The cues first, each starting a window of its own.
        for line in lines where isCue(line) {
            if line.kind == .laneCue {
                // What still waits from an earlier cue goes now, ahead of this one and in the order it
                // came; what of it belongs between cues is cut with the rest.
                steps += held.map { .send($0) }
                held = []
                steps.append(.cancelBetweenCues)
            }
            steps.append(.send(line))
            windowEnd = max(windowEnd ?? now, now + line.sounding)
        }
        for line in lines where !isCue(line) {
            if let end = windowEnd, now < end {
                held.append(line)
            } else {
                steps.append(.send(line))
            }
        }
        heldUntil = held.isEmpty ? nil : windowEnd
        return steps
    }

    /// The lines whose cue has sounded by `now`, to send now.
    public mutating func due(at now: ContinuousClock.Instant) -> [Step] {
        guard let until = heldUntil, now >= until else { return [] }
        defer {
            held = []
            heldUntil = nil
        }
        return held.map { .send($0) }
    }

    /// Everything still waiting, to send now: the game is ending, and no cue will sound any more.
    public mutating func flush() -> [Step] {
        defer {
            held = []
            heldUntil = nil
        }
        return held.map { .send($0) }
    }

    /// When to cut the speech left between cues before a cue due at `cue` (a tick); nil once done.
    public func cut(before cue: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        cuesOn && cutFor != cue ? cue - Self.cutAhead : nil
    }

    /// The cut, once, when `now` is `cutAhead` or less before a cue due at `cue`.
    public mutating func cueComing(at cue: ContinuousClock.Instant, now: ContinuousClock.Instant) -> [Step] {
        guard let when = cut(before: cue), now >= when else { return [] }
        cutFor = cue
        return [.cancelBetweenCues]
    }

    /// When the last cue's window ends.
    private var windowEnd: ContinuousClock.Instant?
    /// The cue whose cut has been sent.
    private var cutFor: ContinuousClock.Instant?
}
