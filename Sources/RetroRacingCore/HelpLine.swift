/// One line of a help section after its first: a cue, if the line explains one, then its words
/// (the table key `help_{topic}_{name}`).
public struct HelpLine: Hashable, Sendable {
    public let name: String
    public let cue: HelpCue?

    public init(_ name: String, cue: HelpCue? = nil) {
        self.name = name
        self.cue = cue
    }
}

extension HelpSection {
    /// The lines read after the section's own text, in order; every cue the section names is played.
    public var lines: [HelpLine] {
        switch self {
        case .intro, .controls:
            []
        case .audioCues:
            [
                HelpLine("left", cue: .lanes(left: true, middle: false, right: false, mode: nil)),
                HelpLine("middle", cue: .lanes(left: false, middle: true, right: false, mode: nil)),
                HelpLine("right", cue: .lanes(left: false, middle: false, right: true, mode: nil)),
                HelpLine("two", cue: .lanes(left: true, middle: false, right: true, mode: nil)),
                HelpLine("none", cue: .lanes(left: false, middle: false, right: false, mode: nil)),
                HelpLine("move", cue: .move(safe: true, mode: .lane)),
                HelpLine("modes"),
                HelpLine("pulses", cue: .lanes(left: true, middle: true, right: true, mode: .pulses)),
                HelpLine("arpeggio", cue: .lanes(left: true, middle: true, right: true, mode: .arpeggio)),
                HelpLine("chord", cue: .lanes(left: true, middle: true, right: true, mode: .chord)),
                HelpLine("safety"),
                HelpLine("safe", cue: .move(safe: true, mode: .safety)),
                HelpLine("unsafe", cue: .move(safe: false, mode: .safety)),
            ]
        case .speedWarning:
            [HelpLine("chirp", cue: .speedUp)]
        }
    }

    /// The wire `type` of a line after a section's first.
    public static let lineWireType = "help_line"

    /// The `help_line` event that says `line` of this section: `topic`, `section` and the line's `line`.
    public func request(_ line: HelpLine) -> Request {
        .event(
            type: Self.lineWireType,
            fields: [
                .init("topic", .string(topic)), .init("section", .integer(number)), .init("line", .string(line.name)),
            ])
    }
}
