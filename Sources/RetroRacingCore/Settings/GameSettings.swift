/// The player's settings, each either the system default or their own choice (GAME.md, "Settings with
/// conditional defaults"). The defaults depend on whether a screen reader runs, and are worked out when
/// the settings are read (`effective(screenReader:)`), so a choice left to the system follows the
/// system while an explicit one stays.
public struct GameSettings: Hashable, Sendable {
    public var difficulty: Setting<Difficulty> = .systemDefault
    public var laneCues: Setting<LaneCues> = .systemDefault
    public var moveCues: Setting<MoveCues> = .systemDefault
    /// Lane notes placed left to right; on by default, with or without a screen reader.
    public var stereoCues: Setting<StereoCues> = .systemDefault
    public var speedWarning: Setting<SpeedWarningFeedback> = .systemDefault
    /// The voice of the game's announcements; the system default is the narrator's own.
    public var speechRate: Setting<Int> = .systemDefault
    public var speechPitch: Setting<Int> = .systemDefault
    public var speechVolume: Setting<Int> = .systemDefault
    /// The sound-effects volume, in percent (the narrator's `effects_volume`). Its system default is
    /// conditional, as in the original: the narrator's own with a screen reader (100 % unless the
    /// player set another in the narrator's settings), 80 % without.
    public var effectsVolume: Setting<Int> = .systemDefault

    /// What the narrator accepts for a connection's voice (docs/PROTOCOL.md, `set`).
    public static let speechRates = 80...450
    public static let speechPitches = 0...100
    public static let speechVolumes = 0...200
    public static let effectsVolumes = 0...200

    public init() {}

    /// What the settings are worth with or without a screen reader running.
    public func effective(screenReader: Bool) -> EffectiveSettings {
        let defaults = EffectiveSettings.systemDefaults(screenReader: screenReader)
        return EffectiveSettings(
            difficulty: difficulty.value(default: defaults.difficulty),
            laneCues: laneCues.value(default: defaults.laneCues),
            moveCues: moveCues.value(default: defaults.moveCues),
            stereoCues: stereoCues.value(default: defaults.stereoCues),
            speedWarning: speedWarning.value(default: defaults.speedWarning),
            speechRate: speechRate.choice, speechPitch: speechPitch.choice, speechVolume: speechVolume.choice,
            effectsVolume: effectsVolume.choice ?? defaults.effectsVolume)
    }
}

/// Settings with every system default worked out: what the game uses.
public struct EffectiveSettings: Hashable, Sendable {
    public var difficulty: Difficulty
    public var laneCues: LaneCues
    public var moveCues: MoveCues
    public var stereoCues: StereoCues = .on
    public var speedWarning: SpeedWarningFeedback
    /// nil: the narrator's own.
    public var speechRate: Int?
    public var speechPitch: Int?
    public var speechVolume: Int?
    /// nil: the narrator's own.
    public var effectsVolume: Int?

    /// With a screen reader: the slowest difficulty, lane pulses, move notes, a spoken speed warning
    /// and sounds at the narrator's effects volume. Without one, as the original plays for sighted
    /// players: the fastest difficulty, no sounds or warning beyond the screen (retro), and sounds
    /// at 80 % when turned on.
    public static func systemDefaults(screenReader: Bool) -> EffectiveSettings {
        screenReader
            ? EffectiveSettings(difficulty: .cruise, laneCues: .pulses, moveCues: .lane, speedWarning: .announcement)
            : EffectiveSettings(
                difficulty: .rapid, laneCues: .off, moveCues: .off, speedWarning: .none, effectsVolume: 80)
    }
}
