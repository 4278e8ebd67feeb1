import NarratorClient
import RetroRacingCore

/// One line of the settings screen: a setting, the values it takes ("system" first), and how it is
/// read from and written to the settings.
enum SettingItem: CaseIterable {
    case difficulty
    case laneCues
    case moveCues
    case stereoCues
    case speedWarning
    case speechRate
    case effectsVolume

    /// The name on the wire (`setting`'s `setting` field) and in the settings file.
    var wireName: String {
        switch self {
        case .difficulty: "difficulty"
        case .laneCues: "lane_cues"
        case .moveCues: "move_cues"
        case .stereoCues: "stereo_cues"
        case .speedWarning: "speed_warning"
        case .speechRate: "speech_rate"
        case .effectsVolume: "effects_volume"
        }
    }

    var title: String {
        switch self {
        case .difficulty: "Difficulty"
        case .laneCues: "Lane cues"
        case .moveCues: "Move cues"
        case .stereoCues: "Stereo lane cues"
        case .speedWarning: "Speed warning"
        case .speechRate: "Speech rate"
        case .effectsVolume: "Sound effects volume"
        }
    }

    /// Every value, "system" first, in the order left and right step through them.
    var values: [String] {
        switch self {
        case .difficulty: ["system"] + Difficulty.allCases.map(\.rawValue)
        case .laneCues: ["system"] + LaneCues.allCases.map(\.rawValue)
        case .moveCues: ["system"] + MoveCues.allCases.map(\.rawValue)
        case .stereoCues: ["system"] + StereoCues.allCases.map(\.rawValue)
        case .speedWarning: ["system"] + SpeedWarningFeedback.allCases.map(\.rawValue)
        case .speechRate: ["system"] + stride(from: 150, through: 450, by: 50).map(String.init)
        case .effectsVolume: ["system"] + stride(from: 0, through: 100, by: 10).map(String.init)
        }
    }

    /// The stored value ("system" or the choice).
    func value(in settings: GameSettings) -> String {
        switch self {
        case .difficulty: settings.difficulty.word
        case .laneCues: settings.laneCues.word
        case .moveCues: settings.moveCues.word
        case .stereoCues: settings.stereoCues.word
        case .speedWarning: settings.speedWarning.word
        case .speechRate: settings.speechRate.word
        case .effectsVolume: settings.effectsVolume.word
        }
    }

    /// The value in effect ("" for a speech rate or effects volume left to the narrator).
    func effective(in settings: EffectiveSettings) -> String {
        switch self {
        case .difficulty: settings.difficulty.rawValue
        case .laneCues: settings.laneCues.rawValue
        case .moveCues: settings.moveCues.rawValue
        case .stereoCues: settings.stereoCues.rawValue
        case .speedWarning: settings.speedWarning.rawValue
        case .speechRate: settings.speechRate.map(String.init) ?? ""
        case .effectsVolume: settings.effectsVolume.map(String.init) ?? ""
        }
    }

    /// Sets it to one of `values` (a word it does not know leaves it as it was).
    func set(_ value: String, in settings: inout GameSettings) {
        switch self {
        case .difficulty: settings.difficulty = Setting(word: value) ?? settings.difficulty
        case .laneCues: settings.laneCues = Setting(word: value) ?? settings.laneCues
        case .moveCues: settings.moveCues = Setting(word: value) ?? settings.moveCues
        case .stereoCues: settings.stereoCues = Setting(word: value) ?? settings.stereoCues
        case .speedWarning: settings.speedWarning = Setting(word: value) ?? settings.speedWarning
        case .speechRate:
            settings.speechRate = Setting(word: value, in: GameSettings.speechRates) ?? settings.speechRate
        case .effectsVolume:
            settings.effectsVolume = Setting(word: value, in: GameSettings.effectsVolumes) ?? settings.effectsVolume
        }
    }
}

/// The settings screen while it is open.
struct SettingsOverlay {
    var item = SettingItem.difficulty
    /// Whether opening it paused the race (then closing it resumes the race, and only then).
    var causedPause = false
}

extension GameSession {
    func openSettings() {
        var overlay = SettingsOverlay()
        if game.phase == .running {
            let events = game.setPause(true, reason: .overlay)
            overlay.causedPause = !events.isEmpty
            apply(events)
        }
        settingsScreen = overlay
        refreshSettings()
        narration?.send(.event(type: "settings", fields: [.init("action", .string("open"))]))
        announce(overlay.item, first: true)
    }

    func closeSettings() {
        guard let overlay = settingsScreen else { return }
        settingsScreen = nil
        narration?.send(.event(type: "settings", fields: [.init("action", .string("close"))]))
        if overlay.causedPause { apply(game.setPause(false, reason: .overlay)) }
    }

    func handleSettings(_ key: Key) {
        guard var overlay = settingsScreen else { return }
        let items = SettingItem.allCases
        let index = items.firstIndex(of: overlay.item)!
        switch key {
        case .up, .down:
            let next = index + (key == .up ? -1 : 1)
            guard items.indices.contains(next) else { return }
            overlay.item = items[next]
            settingsScreen = overlay
            announce(overlay.item)
        case .left, .right:
            change(overlay.item, by: key == .left ? -1 : 1)
        case .settings, .quit, .help:
            closeSettings()
        default:
            break
        }
    }

    /// Steps a setting to its previous or next value (not past either end), saves it, and says and
    /// previews the result.
    private func change(_ item: SettingItem, by step: Int) {
        let values = item.values
        let position = values.firstIndex(of: item.value(in: runSettings)) ?? 0
        let target = position + step
        guard values.indices.contains(target) else { return }
        item.set(values[target], in: &runSettings)
        item.set(values[target], in: &storedSettings)
        if !settingsStore.save(storedSettings) {
            StatusLine.shared.set("Settings could not be saved to \(settingsStore.path).")
        }
        refreshSettings()
        if item == .speechRate || item == .effectsVolume {
            narration?.replaceSetup(settings.voiceSetup.map { [$0.line] } ?? [])
            narration?.send(item == .speechRate ? settings.speechRateChange : settings.effectsVolumeChange)
        }
        announce(item)
    }

    /// The `setting` event: which setting, its stored value, its value in effect, and the fields a
    /// preview sound takes (every lane safe, the middle lane, the lane notes placed or not). `first`:
    /// the item the screen opens on, which the map has wait for the instruction line instead of
    /// cutting it.
    func announce(_ item: SettingItem, first: Bool = false) {
        let value = item.value(in: runSettings)
        let effective = item.effective(in: settings)
        var fields: [Request.Field] = [
            .init("setting", .string(item.wireName)), .init("value", .string(value)),
            .init("origin", .string(value == "system" ? "system" : "chosen")),
        ]
        fields.append(.init("effective", Int(effective).map { .integer($0) } ?? .string(effective)))
        fields += [.init("left", .bool(true)), .init("middle", .bool(true)), .init("right", .bool(true))]
        fields += [.init("lane", .integer(1)), .init("safe", .bool(true))]
        fields.append(.init("stereo", .bool(settings.stereoCues == .on)))
        if first { fields.append(.init("first", .bool(true))) }
        narration?.send(.event(type: "setting", fields: fields))
    }
}
