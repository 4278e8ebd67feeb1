import ArgumentParser
import RetroRacingCore

/// The command-line options of `retroracing`. The settings among them (difficulty, cues, speed
/// warning, voice) override the saved settings for this run only.
struct GameOptions: ParsableArguments {
    /// No default value: ArgumentParser would print a random one in `--help` and the man page.
    @Option(help: "Seed for the traffic: the same seed gives the same race (default: a new one each run).")
    var seed: UInt64?

    @Option(help: "cruise (slowest), fast or rapid (fastest). Default: the settings'.")
    var difficulty: String?

    @Option(help: "Lane cues on every step: pulses, arpeggio, chord or off (speech only).")
    var laneCues: String?

    @Option(help: "Move cues: lane (the lane's pitch, buzzier), safety (safe or unsafe tone), both, or off.")
    var moveCues: String?

    @Option(help: "Stereo lane cues: on (each lane's note from its side, the default) or off (all from the centre).")
    var stereoCues: String?

    @Option(help: "Speed warning: announcement, sound, both or none.")
    var speedWarning: String?

    @Option(help: "Speech rate of the game's announcements, 80-450 words a minute (default: the narrator's).")
    var speechRate: Int?

    @Option(help: "Speech pitch, 0-100.")
    var speechPitch: Int?

    @Option(help: "Speech volume, 0-200.")
    var speechVolume: Int?

    @Option(
        help: """
            Whether a screen reader runs, for the settings' system defaults: on, off, or auto (GNOME's \
            screen-reader setting, an Orca, Fenrir or brltty process, or Speakup loaded).
            """)
    var screenReader: String = "auto"

    @Option(help: "Language of the narration, as a BCP-47 tag (default: the narrator's).")
    var locale: String?

    @Option(help: "The narrator's socket (default: $XDG_RUNTIME_DIR/narrator/narrator.sock).")
    var socket: String?

    @Flag(help: "Play without narration.")
    var noNarration = false

    @Option(help: "Demo and test mode: the game steers itself into free lanes until this score.")
    var autopilot: Int?

    @Option(help: "Demo and test mode: a fixed tick interval in milliseconds instead of the difficulty's.")
    var tickMilliseconds: Int?

    var screenReaderMode: ScreenReader { ScreenReader(rawValue: screenReader) ?? .auto }

    /// The saved settings with this run's options put over them.
    func applied(to stored: GameSettings) -> GameSettings {
        var settings = stored
        if let value = difficulty.flatMap(Difficulty.init(rawValue:)) { settings.difficulty = .chosen(value) }
        if let value = laneCues.flatMap(LaneCues.init(rawValue:)) { settings.laneCues = .chosen(value) }
        if let value = moveCues.flatMap(MoveCues.init(rawValue:)) { settings.moveCues = .chosen(value) }
        if let value = stereoCues.flatMap(StereoCues.init(rawValue:)) { settings.stereoCues = .chosen(value) }
        if let value = speedWarning.flatMap(SpeedWarningFeedback.init(rawValue:)) {
            settings.speedWarning = .chosen(value)
        }
        if let speechRate { settings.speechRate = .chosen(speechRate) }
        if let speechPitch { settings.speechPitch = .chosen(speechPitch) }
        if let speechVolume { settings.speechVolume = .chosen(speechVolume) }
        return settings
    }

    func validate() throws {
        try Self.check(difficulty, "--difficulty", Difficulty.allCases.map(\.rawValue))
        try Self.check(laneCues, "--lane-cues", LaneCues.allCases.map(\.rawValue))
        try Self.check(moveCues, "--move-cues", MoveCues.allCases.map(\.rawValue))
        try Self.check(stereoCues, "--stereo-cues", StereoCues.allCases.map(\.rawValue))
        try Self.check(speedWarning, "--speed-warning", SpeedWarningFeedback.allCases.map(\.rawValue))
        try Self.check(screenReader, "--screen-reader", ScreenReader.allCases.map(\.rawValue))
        for (value, name, range) in [
            (speechRate, "--speech-rate", GameSettings.speechRates),
            (speechPitch, "--speech-pitch", GameSettings.speechPitches),
            (speechVolume, "--speech-volume", GameSettings.speechVolumes),
        ] {
            if let value, !range.contains(value) {
                throw ValidationError("\(name) must be \(range.lowerBound) to \(range.upperBound), not \(value).")
            }
        }
        if let tickMilliseconds, tickMilliseconds < 1 {
            throw ValidationError("--tick-milliseconds must be 1 or more.")
        }
    }

    private static func check(_ value: String?, _ name: String, _ allowed: [String]) throws {
        guard let value, !allowed.contains(value) else { return }
        let list = allowed.dropLast().joined(separator: ", ") + " or " + allowed.last!
        throw ValidationError("\(name) must be \(list), not \"\(value)\".")
    }
}
