import NarratorCore
import NarratorLocalization
import NarratorWire
import Testing

/// Events the map cannot speak: each error has its stable code and a message that names the
/// field and what it should hold, because it goes into the daemon's error reply as it is.
@Suite("Event errors")
struct EventMapErrorTests {
    @Test(
        "bad events give a code and a message naming the field and the expected type",
        arguments: [
            ("colision", #"{"lives": 2}"#, "unknown_event", [#"no event "colision""#]),
            ("collision", "{}", "missing_field", [#""collision" needs the field "lives""#, "a whole number"]),
            (
                "collision", #"{"lives": "two"}"#, "invalid_field",
                [#"field "lives""#, "must be a whole number", #"a string ("two")"#]
            ),
            ("collision", #"{"lives": 1.5}"#, "invalid_field", [#"field "lives""#, "whole number", "1.5"]),
            ("collision", #"{"lives": true}"#, "invalid_field", [#"field "lives""#, "whole number, not true"]),
            ("collision", #"{"lives": null}"#, "invalid_field", [#"field "lives""#, "not null"]),
            ("lane_changed", #"{"lane": "left"}"#, "invalid_field", [#"field "lane""#, "whole number"]),
            ("started", "{}", "missing_field", [#"needs the field "difficulty""#]),
            ("started", #"{"difficulty": "turbo"}"#, "invalid_field", [#"field "difficulty""#, "difficulty_turbo"]),
            (
                "help", #"{"action": "open", "section": 1, "sections": 4}"#, "missing_field",
                [#"needs the field "topic""#]
            ),
            (
                "help", #"{"action": "open", "topic": "controls", "sections": 4}"#, "missing_field",
                [#"needs the field "section""#]
            ),
            (
                "help", #"{"action": "open", "topic": "intro.x", "section": 1, "sections": 4}"#, "invalid_field",
                [#"field "topic""#, "letters, digits"]
            ),
            (
                "help", #"{"action": "next", "topic": "intro", "section": 1.5, "sections": 4}"#, "invalid_field",
                [#"field "section""#, "1.5"]
            ),
            (
                "game_over", #"{"score": 80, "best": 120, "new_record": true, "difficulty": "fast"}"#,
                "missing_field", [#"needs the field "previous_best""#]
            ),
        ])
    func badEvent(type: String, fields: String, code: String, phrases: [String]) throws {
        let map = try EventMapFixtures.shippedMap()
        let error = try #require(try map.resolveError(type, fields, localizer: try EventMapFixtures.localizer()))
        #expect(error.code.rawValue == code)
        for phrase in phrases { #expect(error.message.contains(phrase), "\(error.message)") }
        #expect(error.description == "\(code): \(error.message)")
    }

    @Test("a whole number written as 2.0 or 2e0 is still a whole number")
    func integralNumbersAreIntegers() throws {
        let map = try EventMapFixtures.shippedMap()
        let localizer = try EventMapFixtures.localizer()
        for lives in ["2.0", "2e0", "20e-1"] {
            let action = try map.resolve("collision", #"{"lives": \#(lives)}"#, localizer: localizer)
            #expect(action.spoken?.text == "Crash! 2 lives left", "\(lives)")
        }
    }

    @Test("a map whose arguments do not fit the key gives a format error with the table's explanation")
    func formatError() throws {
        let map = try EventMapFixtures.map(
            #"{"version": 1, "events": {"lane_changed": {"key": "lane", "arguments": ["lane"]}}}"#)
        let error = try #require(
            try map.resolveError("lane_changed", #"{"lane": 1}"#, localizer: try EventMapFixtures.localizer()))
        #expect(error.code == .format)
        #expect(
            error.message
                == #"the text for the event "lane_changed" cannot be built: "lane" (en) in RetroRacing.xcstrings: "#
                + "%2$lld needs argument 2, but only 1 argument was given")
    }

    @Test("a text placeholder needs a string field")
    func textNeedsString() throws {
        let map = try EventMapFixtures.map(
            #"{"version": 1, "events": {"joined": {"key": "voice_fallback", "arguments": ["name"]}}}"#)
        let localizer = try Localizer(tables: [
            ("N", try EventMapFixtures.bytes("Localization/narrator/Narrator.xcstrings"))
        ])
        let error = try #require(try map.resolveError("joined", #"{"name": 7}"#, localizer: localizer))
        #expect(error.code == .invalidField)
        #expect(error.message.contains("must be text, not the number 7"))
        let spoken = try map.resolve("joined", #"{"name": "English"}"#, localizer: localizer).spoken
        #expect(spoken?.text == "No voice for this language. Using English.")
    }
}
