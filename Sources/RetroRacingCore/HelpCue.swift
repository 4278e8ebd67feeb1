/// A cue the help plays before the words that say what it means (issue 24): a player learns the
/// sounds by hearing them, not by their description.
///
/// Each is the very event the race sends for that sound, so the help plays what the race plays,
/// through the same rule of the profile's map.
public enum HelpCue: Hashable, Sendable {
    /// A lane cue with these lanes safe; in `mode`, or the player's own (pulses when they turned
    /// lane cues off: the help still plays them).
    case lanes(left: Bool, middle: Bool, right: Bool, mode: LaneCues?)
    /// A move into the middle lane, in `mode`.
    case move(safe: Bool, mode: MoveCues)
    /// The speed warning's chirp.
    case speedUp

    /// The event that plays it, for a player whose lane cues are `laneCues`, placed or not as
    /// `stereo` says.
    public func request(laneCues: LaneCues, stereo: StereoCues = .on) -> Request {
        switch self {
        case .lanes(let left, let middle, let right, let mode):
            let event = RaceEvent.lanesAhead(left: left, middle: middle, right: right)
            let cues = mode ?? (laneCues == .off ? .pulses : laneCues)
            return .event(
                type: event.wireType,
                fields: event.wireFields + [
                    .init("cues", .string(cues.rawValue)), .init("stereo", .bool(stereo == .on)),
                ])
        case .move(let safe, let mode):
            // The race's `moved`, as `GameSession.wireLines` sends it beside `lane_changed`.
            return .event(
                type: "moved",
                fields: [
                    .init("lane", .integer(1)), .init("safe", .bool(safe)), .init("cues", .string(mode.rawValue)),
                    .init(Request.panField, stereo.pan(lane: 1).wire),
                ])
        case .speedUp:
            let event = RaceEvent.levelChangeImminent(active: true)
            let feedback = SpeedWarningFeedback.sound.rawValue
            return .event(type: event.wireType, fields: event.wireFields + [.init("feedback", .string(feedback))])
        }
    }

    /// How long the words after it wait: until it has sounded (a lane or move cue within
    /// `CueSpacing.window`; the chirp lasts 284 ms, docs/SOUNDS.md, and may start 40 ms late on an
    /// output that cannot write over its queue), and a breath more, so that a player learning it hears it apart from its words.
    public var sounding: Duration {
        (self == .speedUp ? .milliseconds(330) : CueSpacing.window) + Self.breath
    }

    /// The silence the help leaves around a cue it plays: after the line before it has been heard,
    /// and before the words that say what it means.
    public static let breath = Duration.milliseconds(200)
}
