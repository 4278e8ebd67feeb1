/// Tells the underflows a sound server reports that broke a sound from those that only ended one
/// (docs/AUDIO.md, W18).
///
/// The writer lets our stream run dry between sounds, and the server reports an underflow each
/// time it does: that is silence between sounds, not a glitch. An underflow is a gap when the mixer
/// held audio the writer had not written yet, and had held it since before the stream ran dry: the
/// writer was late (starved of the processor, or its lead too short for the server), and the
/// listener heard a hole inside speech or an earcon.
///
/// The server's report reaches us a little after the stream ran dry, so the time we have for it is
/// a little late. `margin` absorbs that: audio that became owed within `margin` before the report
/// may have come after the stream ran dry, so the underflow is taken for the end of the sound before
/// it. (A stream started with a slice of `margin` cannot run dry sooner than that, so no gap is
/// missed at a sound's start.) A report that comes after a stretch ended is not a gap: the stretch
/// ends when the writer has written everything or speech was stopped, and a stop empties the
/// server's queue on purpose (the cut flushes it), so the report that follows is of that silence.
struct UnderflowJudge<Instant: InstantProtocol> where Instant.Duration == Swift.Duration {
    /// A stretch of time during which the mixer held audio not yet written.
    struct Span: Equatable {
        var start: Instant
        /// Nil while it lasts.
        var end: Instant?
    }

    let margin: Duration
    /// The latest spans, oldest first; a few are kept, for a report taken after a span ended.
    private(set) var spans: [Span] = []
    /// The last cut: when it began, and whether it wrote earcons back after it.
    private var lastCut: (began: Instant, wroteBack: Bool)?
    private static var kept: Int { 4 }

    init(margin: Duration) {
        self.margin = margin
    }

    /// What the writer sees at a step: whether the mixer holds audio not yet written.
    mutating func see(owed: Bool, now: Instant) {
        let open = spans.last.map { $0.end == nil } ?? false
        if owed && !open {
            spans.append(Span(start: now, end: nil))
            if spans.count > Self.kept { spans.removeFirst() }
        } else if !owed && open {
            spans[spans.count - 1].end = now
        }
    }

    /// A cut that began at `began` dropped the unheard speech, and wrote earcons back or not.
    mutating func cut(began: Instant, wroteBack: Bool) {
        lastCut = (began, wroteBack)
    }

    /// Whether the underflow the server reported at `instant` broke a sound: audio was owed from at
    /// least `margin` before it until it. Returns how long it had been owed then (what the log says,
    /// to tell a gap at a sound's start from one inside it), nil when it is no gap.
    ///
    /// `atCut`: the stream ran dry exactly where a cut left it. That is the cut's own silence,
    /// however soon the next sound was owed (a game stops a line and starts the next at once),
    /// unless the cut wrote earcons back: then they came late, owed since the cut began.
    func gap(at instant: Instant, atCut: Bool) -> Duration? {
        if atCut {
            guard let lastCut, lastCut.wroteBack else { return nil }
            return max(.zero, lastCut.began.duration(to: instant))
        }
        let span = spans.last { span in
            span.start.advanced(by: margin) <= instant && span.end.map { instant <= $0 } ?? true
        }
        return span.map { $0.start.duration(to: instant) }
    }
}
