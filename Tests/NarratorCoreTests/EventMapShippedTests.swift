import NarratorCore
import NarratorLocalization
import NarratorWire
import Testing

/// The shipped `Localization/retroracing/events.json` against the game's table: every event of
/// issue 5 with realistic fields, the exact English text, priority and policy.
@Suite("Shipped event map")
struct EventMapShippedTests {
    /// What an event must become.
    enum Expected: Sendable {
        case speak(String, Priority, AnnouncementPolicy)
        /// Text of a help section: "Help, part N of M. " and then the text of this key.
        case help(section: Int, key: String, AnnouncementPolicy)
        case cancel(Scope?)
        case silent
        /// A sound alone, by name.
        case play(String)
        /// Speech together with a sound ("": none).
        case speakWithSound(String, sound: String, priority: Priority = .high)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var event: String
        var fields: String
        var expected: Expected
        var testDescription: String { "\(event) \(fields)" }

        init(_ event: String, _ fields: String, _ expected: Expected) {
            self.event = event
            self.fields = fields
            self.expected = expected
        }
    }

    /// A `setting` event as the game sends it, previewing with every lane safe in the middle lane.
    static func setting(_ name: String, _ value: String, _ effective: String) -> String {
        let origin = value == "system" ? "system" : "chosen"
        return #"{"setting": "\#(name)", "value": "\#(value)", "origin": "\#(origin)", "effective": "\#(effective)", "#
            + #""left": true, "middle": true, "right": true, "lane": 1, "safe": true}"#
    }

    static let help = AnnouncementPolicy(supersedes: "help", resume: true, scope: "help.section.1")

    static let cases: [Case] = [
        Case(
            "ready", "{}",
            .speak("Press space to start. The question mark opens the help.", .default, .init(supersedes: "ready"))),
        Case("started", #"{"difficulty": "cruise"}"#, .speak("Go! Speed: Cruise.", .default, .init())),
        Case("started", #"{"difficulty": "rapid"}"#, .speak("Go! Speed: Rapid.", .default, .init())),
        Case(
            "lane_changed", #"{"lane": 0}"#,
            .speak("Lane 1", .low, .init(supersedes: "lane", expires: .milliseconds(500), scope: "between_cues"))),
        Case(
            "lane_changed", #"{"lane": 2}"#,
            .speak("Lane 3", .low, .init(supersedes: "lane", expires: .milliseconds(500), scope: "between_cues"))),
        Case(
            "score_changed", #"{"score": 120}"#,
            .speak("Score 120", .low, .init(supersedes: "score", expires: .milliseconds(1500), scope: "between_cues"))),
        Case(
            "level_change_imminent", #"{"active": true}"#,
            .speak("Faster soon!", .high, .init(supersedes: "speed", expires: .milliseconds(1000)))),
        Case("level_change_imminent", #"{"active": false}"#, .silent),
        Case(
            "level_change_imminent", #"{"active": true, "feedback": "announcement"}"#,
            .speakWithSound("Faster soon!", sound: "")),
        Case("level_change_imminent", #"{"active": true, "feedback": "sound"}"#, .play("speed_up")),
        Case(
            "level_change_imminent", #"{"active": true, "feedback": "both"}"#,
            .speakWithSound("Faster soon!", sound: "speed_up")),
        Case("level_change_imminent", #"{"active": true, "feedback": "none"}"#, .silent),
        Case("lanes_ahead", #"{"left": true, "middle": false, "right": true, "cues": "pulses"}"#, .play("lane_pulses")),
        Case(
            "lanes_ahead", #"{"left": true, "middle": false, "right": true, "cues": "arpeggio"}"#,
            .play("lane_arpeggio")),
        Case("lanes_ahead", #"{"left": false, "middle": true, "right": false, "cues": "chord"}"#, .play("lane_chord")),
        Case(
            "lanes_ahead", #"{"left": false, "middle": false, "right": false, "cues": "chord"}"#, .play("no_safe_lane")),
        Case("lanes_ahead", #"{"left": true, "middle": true, "right": true, "cues": "off"}"#, .silent),
        Case("lanes_ahead", #"{"left": true, "middle": true, "right": true}"#, .play("lane_pulses")),
        Case("moved", #"{"lane": 2, "safe": true, "cues": "lane"}"#, .play("move_lane_2")),
        Case(
            "settings", #"{"action": "open"}"#,
            .speak(
                "Settings. Up and down arrows choose a setting, left and right change it, O closes.", .default,
                .init(supersedes: "settings"))),
        Case("settings", #"{"action": "close"}"#, .speak("Settings closed.", .default, .init(supersedes: "settings"))),
        Case(
            "setting", Self.setting("difficulty", "system", "rapid"),
            .speakWithSound("Difficulty: Rapid. System default.", sound: "", priority: .default)),
        // The item the screen opens on waits for the instruction line instead of cutting it.
        Case(
            "setting", String(Self.setting("difficulty", "system", "rapid").dropLast()) + #", "first": true}"#,
            .speakWithSound("Difficulty: Rapid. System default.", sound: "", priority: .low)),
        Case(
            "setting", Self.setting("lane_cues", "arpeggio", "arpeggio"),
            .speakWithSound("Lane cues: arpeggio. Your choice.", sound: "lane_arpeggio", priority: .default)),
        Case(
            "setting", Self.setting("lane_cues", "off", "off"),
            .speakWithSound("Lane cues: off. Your choice.", sound: "", priority: .default)),
        Case(
            "setting", Self.setting("move_cues", "system", "lane"),
            .speakWithSound("Move cues: lane note. System default.", sound: "move_lane_1", priority: .default)),
        Case(
            "setting", Self.setting("move_cues", "safety", "safety"),
            .speakWithSound("Move cues: safe or unsafe. Your choice.", sound: "preview_move_safety", priority: .default)
        ),
        Case(
            "setting", Self.setting("move_cues", "both", "both"),
            .speakWithSound("Move cues: both. Your choice.", sound: "preview_move_both", priority: .default)),
        Case(
            "setting", Self.setting("speed_warning", "sound", "sound"),
            .speakWithSound("Speed warning: chirp. Your choice.", sound: "speed_up", priority: .default)),
        Case(
            "setting", Self.setting("speed_warning", "system", "announcement"),
            .speakWithSound("Speed warning: spoken. System default.", sound: "", priority: .default)),
        Case(
            "setting", #"{"setting": "speech_rate", "value": "300", "origin": "chosen", "effective": 300}"#,
            .speak("Speech rate: 300. Your choice.", .default, .init(supersedes: "setting"))),
        Case(
            "setting", #"{"setting": "speech_rate", "value": "system", "origin": "system", "effective": ""}"#,
            .speak("Speech rate: the narrator's own. System default.", .default, .init(supersedes: "setting"))),
        Case(
            "setting", Self.setting("effects_volume", "system", ""),
            .speakWithSound(
                "Sound effects volume: the narrator's own. System default.", sound: "lane_pulses", priority: .default)),
        Case(
            "setting",
            #"{"setting": "effects_volume", "value": "system", "origin": "system", "effective": 80, "left": true, "#
                + #""middle": true, "right": true, "lane": 1, "safe": true}"#,
            .speakWithSound("Sound effects volume: 80. System default.", sound: "lane_pulses", priority: .default)),
        Case(
            "setting",
            #"{"setting": "effects_volume", "value": "60", "origin": "chosen", "effective": 60, "left": true, "#
                + #""middle": true, "right": true, "lane": 1, "safe": true}"#,
            .speakWithSound("Sound effects volume: 60. Your choice.", sound: "lane_pulses", priority: .default)),
        Case("moved", #"{"lane": 0, "safe": false, "cues": "safety"}"#, .play("move_unsafe")),
        Case("moved", #"{"lane": 1, "safe": true, "cues": "safety"}"#, .play("move_safe")),
        Case("moved", #"{"lane": 1, "safe": false, "cues": "both"}"#, .play("move_both_unsafe_1")),
        Case("moved", #"{"lane": 0, "safe": true, "cues": "both"}"#, .play("move_both_safe_0")),
        Case("moved", #"{"lane": 0, "safe": true, "cues": "off"}"#, .silent),
        Case(
            "level_up", #"{"level": 3}"#,
            .speak("Faster! Level 3.", .default, .init(supersedes: "level", expires: .milliseconds(3000)))),
        Case("collision", #"{"lives": 2}"#, .speak("Crash! 2 lives left", .default, .init(supersedes: "lives"))),
        Case("collision", #"{"lives": 1}"#, .speak("Crash! 1 life left", .default, .init(supersedes: "lives"))),
        Case("collision", #"{"lives": 0}"#, .silent),
        Case("collision_resolved", #"{"lives": 2}"#, .silent),
        Case(
            "game_over",
            #"{"score": 80, "best": 120, "previous_best": 120, "new_record": false, "difficulty": "fast"}"#,
            .speak("Game over. Score 80. Best 120. Speed: Fast.", .high, .init())),
        Case(
            "game_over",
            #"{"score": 130, "best": 130, "previous_best": 120, "new_record": true, "difficulty": "fast"}"#,
            .speak("Game over. New record: 130! Previous best 120. Speed: Fast.", .high, .init())),
        Case(
            "pause_changed", #"{"paused": true, "reason": "user"}"#,
            .speak("Paused.", .default, .init(supersedes: "pause"))),
        Case("pause_changed", #"{"paused": true}"#, .speak("Paused.", .default, .init(supersedes: "pause"))),
        Case("pause_changed", #"{"paused": true, "reason": "overlay"}"#, .silent),
        Case("pause_changed", #"{}"#, .silent),
        // After a screen closes: waits for the screen's own last line ("Settings closed.") instead of cutting it.
        Case(
            "pause_changed", #"{"paused": false, "reason": "overlay"}"#,
            .speak("Resumed.", .low, .init(supersedes: "pause"))),
        Case(
            "pause_changed", #"{"paused": false, "reason": "user"}"#,
            .speak("Resumed.", .default, .init(supersedes: "pause"))),
        Case(
            "help", #"{"action": "open", "topic": "intro", "section": 1, "sections": 4}"#,
            .help(section: 1, key: "help_intro", help)),
        Case(
            "help", #"{"action": "next", "topic": "controls", "section": 2, "sections": 4}"#,
            .help(section: 2, key: "help_controls", .init(supersedes: "help", resume: true, scope: "help.section.2"))),
        Case(
            "help", #"{"action": "next", "topic": "audio_cues", "section": 3, "sections": 4}"#,
            .help(section: 3, key: "help_audio_cues", .init(supersedes: "help", resume: true, scope: "help.section.3"))
        ),
        Case(
            "help", #"{"action": "previous", "topic": "speed_warning", "section": 4, "sections": 4}"#,
            .help(
                section: 4, key: "help_speed_warning", .init(supersedes: "help", resume: true, scope: "help.section.4"))
        ),
        // A line after a section's first, said once its cue has played: the section's policy.
        Case(
            "help_line", #"{"topic": "audio_cues", "section": 3, "line": "left"}"#,
            .speak(
                "Only the left lane is safe.", .low, .init(supersedes: "help", resume: true, scope: "help.section.3"))),
        Case(
            "help_line", #"{"topic": "speed_warning", "section": 4, "line": "chirp"}"#,
            .speak(
                "The rising chirp: the speed is about to rise.", .low,
                .init(supersedes: "help", resume: true, scope: "help.section.4"))),
        Case("help", #"{"action": "close", "topic": "controls", "section": 2, "sections": 4}"#, .cancel("help")),
        Case("help", #"{"action": "close"}"#, .cancel("help")),
        Case(
            "status_request", #"{"score": 120, "level": 2, "lives": 3, "lane": 1}"#,
            .speak("Score 120, level 2, 3 lives, lane 2.", .default, .init(supersedes: "status"))),
        Case(
            "status_request", #"{"score": 0, "level": 1, "lives": 1, "lane": 0}"#,
            .speak("Score 0, level 1, 1 life, lane 1.", .default, .init(supersedes: "status"))),
        Case("finished", "{}", .cancel(nil)),
    ]

    @Test("each event resolves to its English text, priority and policy", arguments: cases)
    func eventResolves(_ test: Case) throws {
        let localizer = try EventMapFixtures.localizer()
        let action = try EventMapFixtures.shippedMap().resolve(test.event, test.fields, localizer: localizer)
        switch test.expected {
        case .speak(let text, let priority, let policy):
            let spoken = try #require(action.spoken, "\(action)")
            #expect(spoken.text == text)
            #expect(spoken.priority == priority)
            #expect(spoken.policy == policy)
            #expect(spoken.rendering.locale == "en" && spoken.rendering.fallbacks.isEmpty)
        case .help(let section, let key, let policy):
            let spoken = try #require(action.spoken, "\(action)")
            let body = try localizer.render(key, locale: "en").text
            #expect(spoken.text == "Help, part \(section) of 4. \(body)")
            #expect(spoken.priority == .low)
            #expect(spoken.policy == policy)
        case .cancel(let scope):
            #expect(action == .cancel(scope: scope))
        case .silent:
            #expect(action == .silent)
        case .play(let name):
            guard case .play(let cue) = action else {
                Issue.record("expected the sound \(name), got \(action)")
                return
            }
            #expect(cue.name == name)
            #expect(
                try EventMapFixtures.shippedSounds().render(cue.name, arguments: cue.arguments, sampleRate: 22050).count
                    > 0)
        case .speakWithSound(let text, let name, let expectedPriority):
            guard case .speak(let rendering, let priority, _, let cue) = action else {
                Issue.record("expected speech, got \(action)")
                return
            }
            #expect(rendering.text == text && priority == expectedPriority)
            #expect(cue?.name ?? "" == name)
        }
    }

    @Test("the map covers exactly the game's events")
    func coversTheGame() throws {
        #expect(
            try EventMapFixtures.shippedMap().eventNames
                == [
                    "collision", "collision_resolved", "finished", "game_over", "help", "help_line",
                    "level_change_imminent",
                    "level_up", "lane_changed", "lanes_ahead", "moved", "pause_changed", "ready", "score_changed",
                    "setting", "settings", "started", "status_request",
                ].sorted())
        #expect(Set(Self.cases.map(\.event)) == Set(try EventMapFixtures.shippedMap().eventNames))
    }

    @Test("docs/EVENTS.md explains every event of the shipped map, and only those")
    func documented() throws {
        let guide = String(decoding: try EventMapFixtures.bytes("docs/EVENTS.md"), as: UTF8.self)
        let section = try #require(guide.split(separator: "\n## The shipped map").last)
            .split(separator: "\n## ")[0]
        let documented = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return String(line.dropFirst(3).prefix(while: { $0 != "`" }))
        }
        #expect(Set(documented) == Set(try EventMapFixtures.shippedMap().eventNames))
        #expect(documented.count == Set(documented).count, "an event is explained twice")
    }

    @Test(
        "crashes speak the lives left with each language's plural category",
        arguments: [
            ("pl", 1, "Kraksa! Zostało jedno życie", PluralCategory.one),
            ("pl", 2, "Kraksa! Zostały dwa życia", .few),
            ("pl", 5, "Kraksa! Zostało pięć żyć", .many),
            ("ru", 1, "Авария! Осталась одна жизнь", .one),
            ("ru", 2, "Авария! Осталось две жизни", .few),
            ("ru", 5, "Авария! Осталось пять жизней", .many),
            ("ar", 1, "اِصْطِدامٌ! بَقِيَتْ رُوحٌ واحِدَةٌ", .one),
            ("ar", 2, "اِصْطِدامٌ! بَقِيَتْ رُوحانِ", .two),
            ("ar", 5, "اِصْطِدامٌ! بَقِيَتْ خَمْسُ أَرْواحٍ", .few),
        ])
    func crashPlurals(locale: String, lives: Int, text: String, category: PluralCategory) throws {
        let action = try EventMapFixtures.shippedMap().resolve(
            "collision", #"{"lives": \#(lives)}"#, locale: locale, localizer: try EventMapFixtures.localizer())
        let spoken = try #require(action.spoken)
        #expect(spoken.text == text)
        #expect(spoken.rendering.pluralCategories == [category])
        #expect(spoken.rendering.locale == locale)
    }

    @Test(
        "French counts 1 as one and 2 and 5 as other, through the map",
        arguments: [
            (1, "une vie restante", PluralCategory.one), (2, "deux vies restantes", .other),
            (5, "cinq vies restantes", .other),
        ])
    func frenchPlurals(lives: Int, suffix: String, category: PluralCategory) throws {
        let action = try EventMapFixtures.shippedMap().resolve(
            "collision", #"{"lives": \#(lives)}"#, locale: "fr", localizer: try EventMapFixtures.localizer())
        let spoken = try #require(action.spoken)
        #expect(spoken.text.hasSuffix(suffix), "\(spoken.text)")
        #expect(spoken.rendering.pluralCategories == [category])
    }

    @Test("the difficulty name is rendered in the event's language")
    func localizedArgumentFollowsTheLocale() throws {
        let map = try EventMapFixtures.shippedMap()
        let localizer = try EventMapFixtures.localizer()
        let french = try #require(
            try map.resolve("started", #"{"difficulty": "cruise"}"#, locale: "fr", localizer: localizer).spoken)
        let cruise = try localizer.render("difficulty_cruise", locale: "fr").text
        #expect(french.text.contains(cruise) && cruise == "Croisière")
        let polishStatus = try #require(
            try map.resolve(
                "status_request", #"{"score": 5, "level": 1, "lives": 2, "lane": 2}"#, locale: "pl",
                localizer: localizer
            ).spoken)
        #expect(polishStatus.rendering.pluralCategories == [.few])
    }
}
