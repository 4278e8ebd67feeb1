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
            case "difficulty": known = parse(value, into: &settings.difficulty)
            case "lane_cues": known = parse(value, into: &settings.laneCues)
            case "move_cues": known = parse(value, into: &settings.moveCues)
            case "speed_warning": known = parse(value, into: &settings.speedWarning)
            case "speech_rate": known = parse(value, in: 80...450, into: &settings.speechRate)
            case "speech_pitch": known = parse(value, in: 0...100, into: &settings.speechPitch)
            case "speech_volume": known = parse(value, in: 0...200, into: &settings.speechVolume)
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
        difficulty \(word(settings.difficulty))
        lane_cues \(word(settings.laneCues))
        move_cues \(word(settings.moveCues))
        speed_warning \(word(settings.speedWarning))
        speech_rate \(word(settings.speechRate))
        speech_pitch \(word(settings.speechPitch))
        speech_volume \(word(settings.speechVolume))

        """
    }

    private static func word<Value: RawRepresentable>(_ setting: Setting<Value>) -> String
    where Value.RawValue == String {
        switch setting {
        case .systemDefault: "system"
        case .chosen(let value): value.rawValue
        }
    }

    private static func word(_ setting: Setting<Int>) -> String {
        switch setting {
        case .systemDefault: "system"
        case .chosen(let value): String(value)
        }
    }

    private static func parse<Value: RawRepresentable>(_ word: String, into setting: inout Setting<Value>) -> Bool
    where Value.RawValue == String {
        if word == "system" {
            setting = .systemDefault
        } else if let value = Value(rawValue: word) {
            setting = .chosen(value)
        } else {
            return false
        }
        return true
    }

    private static func parse(_ word: String, in range: ClosedRange<Int>, into setting: inout Setting<Int>) -> Bool {
        if word == "system" {
            setting = .systemDefault
        } else if let value = Int(word), range.contains(value) {
            setting = .chosen(value)
        } else {
            return false
        }
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
