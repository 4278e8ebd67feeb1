import NarratorCore
import NarratorLocalization
import NarratorWire
import Testing

/// Event-map rules that play sounds: alone, or with speech; names filled from the event; checked
/// by lint against the profile's sound book.
@Suite("Event map sound rules")
struct SoundEventMapTests {
    static let map = """
        {"version": 1, "events": {
          "lanes": {"variants": [
            {"if": {"left": false, "middle": false, "right": false}, "sound": "no_safe_lane"},
            {"sound": "lane_pulses"}
          ]},
          "lane_changed": {"key": "lane_number", "arguments": [{"field": "lane", "add": 1}], "priority": "low", "sound": "move_lane_{lane}"},
          "moved": {"sound": "move_lane_{lane}"},
          "score_changed": {"key": "score", "arguments": ["score"]}
        }}
        """

    @Test("a sound rule plays the sound with the event's fields as its arguments, and the book renders it")
    func playRule() throws {
        let map = try EventMapFixtures.map(Self.map)
        let fields = #"{"left": true, "middle": false, "right": true}"#
        let action = try map.resolve("lanes", fields, localizer: EventMapFixtures.localizer())
        let event = try GameEvent.parse("lanes", fields)
        #expect(action == .play(SoundCue(name: "lane_pulses", arguments: event.fields)))
        guard case .play(let cue) = action else { return }
        let rendered = try SoundFixtures.shippedBook().render(cue.name, arguments: cue.arguments, sampleRate: 22050)
        #expect(rendered.count == 3 * SoundFixtures.samples(30))
        let none = try map.resolve(
            "lanes", #"{"left": false, "middle": false, "right": false}"#, localizer: EventMapFixtures.localizer())
        guard case .play(let silentCue) = none else {
            Issue.record("expected a sound, got \(none)")
            return
        }
        #expect(silentCue.name == "no_safe_lane")
    }

    @Test("a speak rule with a sound speaks and plays, the sound's name filled from the event")
    func speakWithSound() throws {
        let map = try EventMapFixtures.map(Self.map)
        let action = try map.resolve("lane_changed", #"{"lane": 2}"#, localizer: EventMapFixtures.localizer())
        guard case .speak(let rendering, let priority, _, let sound) = action else {
            Issue.record("expected speech, got \(action)")
            return
        }
        #expect(rendering.text == "Lane 3" && priority == .low)
        #expect(sound == SoundCue(name: "move_lane_2", arguments: ["lane": .number("2")]))
        let plain = try map.resolve("score_changed", #"{"score": 5}"#, localizer: EventMapFixtures.localizer())
        guard case .speak(_, _, _, let none) = plain else { return }
        #expect(none == nil)
        #expect(map.soundNames == ["lane_pulses", "move_lane_{lane}", "no_safe_lane"])
    }

    @Test("sound_after: the speak rule's sound waits for the speech's end; without it, it plays with the start")
    func soundAfter() throws {
        let map = try EventMapFixtures.map(
            #"{"version": 1, "events": {"e": {"key": "score", "arguments": ["score"], "sound": "speed_up", "sound_after": true}}}"#
        )
        let action = try map.resolve("e", #"{"score": 5}"#, localizer: EventMapFixtures.localizer())
        guard case .speak(_, _, _, let sound) = action else {
            Issue.record("expected speech, got \(action)")
            return
        }
        #expect(sound == SoundCue(name: "speed_up", arguments: ["score": .number("5")], afterSpeech: true))
        let with = try EventMapFixtures.map(Self.map).resolve(
            "lane_changed", #"{"lane": 2}"#, localizer: EventMapFixtures.localizer())
        guard case .speak(_, _, _, let plain) = with else { return }
        #expect(plain?.afterSpeech == false)
    }

    @Test("a templated sound name must be filled with a name-like value")
    func templatedNameChecked() throws {
        let map = try EventMapFixtures.map(Self.map)
        let error = try map.resolveError("moved", #"{"lane": "../x"}"#, localizer: EventMapFixtures.localizer())
        #expect(error?.code == .invalidField && error?.message.contains("\"lane\"") == true)
        #expect(
            try map.resolve("moved", #"{"lane": 0}"#, localizer: EventMapFixtures.localizer())
                == .play(SoundCue(name: "move_lane_0", arguments: ["lane": .number("0")])))
    }

    @Test(
        "sound members are checked when the map loads",
        arguments: [
            (#"{"sound": "a", "silent": true}"#, "unknown member \"sound\" in a silent rule"),
            (#"{"sound": "a", "priority": "high"}"#, "unknown member \"priority\" in a sound rule"),
            (#"{"sound": "a b"}"#, "must be a name of letters"),
            (#"{"sound": 3}"#, "must be a non-empty string"),
            (#"{"priority": "high"}"#, "a rule needs \"key\" (to speak), \"sound\" (to play)"),
            (#"{"sound": "a", "sound_after": true}"#, "unknown member \"sound_after\" in a sound rule"),
            (#"{"key": "score", "sound_after": true}"#, "\"sound_after\" says when the rule's \"sound\" plays"),
            (#"{"key": "score", "sound": "a", "sound_after": 1}"#, "\"sound_after\" must be"),
        ])
    func loadErrors(_ rule: String, _ fragment: String) throws {
        let error = try #require(EventMapFixtures.loadError(#"{"version": 1, "events": {"e": \#(rule)}}"#))
        #expect(error.reason.contains(fragment), "\(error.reason)")
    }

    @Test("lint reports a sound the book does not have at the map's line; templated names are skipped")
    func lintAgainstBook() throws {
        let map = """
            {"version": 1, "events": {
              "a": {"sound": "lane_pulse"},
              "b": {"key": "score", "arguments": ["score"], "sound": "move_saf"},
              "c": {"sound": "move_lane_{lane}"},
              "d": {"sound": "speed_up"}
            }}
            """
        let localizer = try EventMapFixtures.localizer()
        let book = try SoundFixtures.shippedBook()
        let diagnostics = EventMap.lint(path: "m.json", bytes: Array(map.utf8), against: localizer, sounds: book)
        #expect(
            diagnostics.map { "\($0.line):\($0.column ?? 0) \($0.rule.rawValue) \($0.key ?? "-")" } == [
                "2:18 event-map a", "3:58 event-map b",
            ])
        #expect(
            diagnostics.first?.message
                == "the sound \"lane_pulse\" is not in \(book.name): add it there, or fix the name (docs/SOUNDS.md)")
        #expect(diagnostics.allSatisfy { $0.severity == .error })
        #expect(EventMap.lint(path: "m.json", bytes: Array(map.utf8), against: localizer).isEmpty)
        let empty = SoundBook(emptyNamed: "none")
        #expect(EventMap.lint(path: "m.json", bytes: Array(map.utf8), against: localizer, sounds: empty).count == 3)
    }
}
