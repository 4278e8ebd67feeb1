/// The settings as a text file (`$XDG_CONFIG_HOME/retroracing/settings`): a comment, `version 1`, then one
/// `name value` line per setting, where the value is `system` (the system default) or the choice.
///
/// A file of the older format (no `version` line, with `announcements on` or `off`) is migrated once:
/// `on` keeps the speed warning's system default, `off` chooses `none` (GAME.md). A file that cannot be
/// read as either is reported, and the defaults are used; the caller then writes the file again.
public enum SettingsFile {
    public static let version = 1

    /// What reading a file gave.
    public enum Reading: Hashable, Sendable {
        /// The file as it is: nothing to write back.
        case current(GameSettings)
        /// The older format, migrated: write `text(of:)` back.
        case migrated(GameSettings)
        /// Unreadable (the reason, with the line): the defaults, to be written back.
        case broken(reason: String)
    }

    public static func read(_ text: String) -> Reading {
        var settings = GameSettings()
        var version: Int?
        var legacyAnnouncements: Bool?
        var seen: Set<String> = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            let number = index + 1
            guard words.count == 2 else {
                return .broken(reason: "line \(number): expected a name and a value, found \"\(line)\"")
            }
            let (name, value) = (words[0], words[1])
            guard seen.insert(name).inserted else { return .broken(reason: "line \(number): \(name) is set twice") }
            var known = true
            switch name {
            case "version":
                version = Int(value)
                guard version == Self.version else {
                    return .broken(
                        reason: "line \(number): version \(value) is not one this game knows (\(Self.version))")
                }
            case "announcements":
                guard let flag = ["on": true, "true": true, "off": false, "false": false][value] else {
                    return .broken(reason: "line \(number): announcements is on or off, not \"\(value)\"")
                }
                legacyAnnouncements = flag
            case "difficulty": known = read(value, into: &settings.difficulty)
            case "lane_cues": known = read(value, into: &settings.laneCues)
            case "move_cues": known = read(value, into: &settings.moveCues)
            case "stereo_cues": known = read(value, into: &settings.stereoCues)
            case "speed_warning": known = read(value, into: &settings.speedWarning)
            case "speech_rate":
                known = read(Setting(word: value, in: GameSettings.speechRates), into: &settings.speechRate)
            case "speech_pitch":
                known = read(Setting(word: value, in: GameSettings.speechPitches), into: &settings.speechPitch)
            case "speech_volume":
                known = read(Setting(word: value, in: GameSettings.speechVolumes), into: &settings.speechVolume)
            case "effects_volume":
                known = read(Setting(word: value, in: GameSettings.effectsVolumes), into: &settings.effectsVolume)
            default:
                return .broken(reason: "line \(number): unknown setting \"\(name)\"")
            }
            guard known else { return .broken(reason: "line \(number): \"\(value)\" is not a value of \(name)") }
        }
        if let legacyAnnouncements {
            guard version == nil else {
                return .broken(reason: "announcements belongs to the older format, not to version \(Self.version)")
            }
            if !seen.contains("speed_warning") {
                settings.speedWarning = legacyAnnouncements ? .systemDefault : .chosen(.none)
            }
            return .migrated(settings)
        }
        guard version != nil else { return .broken(reason: "no version line") }
        return .current(settings)
    }

    /// The file for `settings`, every setting on its own line.
    public static func text(of settings: GameSettings) -> String {
        """
        # RetroRacing settings. "system" follows the system default, which depends on whether a screen
        # reader runs; any other value is the player's own choice and stays.
        version \(version)
        difficulty \(settings.difficulty.word)
        lane_cues \(settings.laneCues.word)
        move_cues \(settings.moveCues.word)
        stereo_cues \(settings.stereoCues.word)
        speed_warning \(settings.speedWarning.word)
        speech_rate \(settings.speechRate.word)
        speech_pitch \(settings.speechPitch.word)
        speech_volume \(settings.speechVolume.word)
        effects_volume \(settings.effectsVolume.word)

        """
    }

    private static func read<Value: RawRepresentable>(_ word: String, into setting: inout Setting<Value>) -> Bool
    where Value.RawValue == String {
        read(Setting(word: word), into: &setting)
    }

    private static func read<Value>(_ parsed: Setting<Value>?, into setting: inout Setting<Value>) -> Bool {
        guard let parsed else { return false }
        setting = parsed
        return true
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(
            drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
                .reversed())
    }
}
