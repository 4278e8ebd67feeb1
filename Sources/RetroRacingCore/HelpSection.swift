/// The sections of the help, in reading order, and the `help` event that announces one.
///
/// Opening, paging and closing the help is the front end's business; this only names the sections the
/// daemon's map knows (`help_intro`, `help_controls`, ...) and builds the event's fields.
public enum HelpSection: Int, CaseIterable, Hashable, Sendable {
    /// Three lanes, the cues tell which are safe, move into a safe lane to overtake.
    case intro = 1
    case controls
    case audioCues
    case speedWarning

    /// What the player did in the help.
    public enum Action: String, CaseIterable, Hashable, Sendable {
        case open
        case next
        case previous
        /// Cancels the help's speech.
        case close
    }

    /// The wire `type` of a help event.
    public static let wireType = "help"

    /// The `topic` field: `intro`, `controls`, `audio_cues`, `speed_warning`.
    public var topic: String {
        switch self {
        case .intro: "intro"
        case .controls: "controls"
        case .audioCues: "audio_cues"
        case .speedWarning: "speed_warning"
        }
    }

    /// 1-based, as the `section` field and "part 2 of 4" count it.
    public var number: Int { rawValue }

    /// The section after this one, or nil at the last.
    public var next: HelpSection? { HelpSection(rawValue: rawValue + 1) }

    /// The section before this one, or nil at the first.
    public var previous: HelpSection? { HelpSection(rawValue: rawValue - 1) }

    /// `action`, `topic`, `section` (1-based) and `sections`, as docs/EVENTS.md lists them for `help`.
    public func wireFields(action: Action) -> [Request.Field] {
        [
            .init("action", .string(action.rawValue)), .init("topic", .string(topic)),
            .init("section", .integer(number)),
            .init("sections", .integer(Self.allCases.count)),
        ]
    }

    /// The `help` event for this section as one line of JSON for the daemon.
    public func jsonLine(action: Action) -> String {
        Request.event(type: Self.wireType, fields: wireFields(action: action)).line
    }
}
