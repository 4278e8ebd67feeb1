import NarratorCore
import NarratorLocalization
import NarratorWire
import Testing

/// The map's rules on small maps: variants, conditions, argument sources, templates, cancels.
@Suite("Event map rules")
struct EventMapRuleTests {
    /// A map with one entry `e`.
    static func map(_ entry: String) throws -> EventMap {
        try EventMapFixtures.map(#"{"version": 1, "events": {"e": \#(entry)}}"#)
    }

    static func text(_ entry: String, _ fields: String = "{}") throws -> String? {
        try map(entry).resolve("e", fields, localizer: try EventMapFixtures.localizer()).spoken?.text
    }

    @Test("the first variant whose condition holds is used; a variant without if always holds")
    func variantsInOrder() throws {
        let entry = """
            {"variants": [
              {"if": {"lives": 1}, "key": "speed_warning"},
              {"if": {"lives": 1}, "key": "paused"},
              {"if": {"lives": 2, "paused": true}, "key": "paused"},
              {"key": "resumed"}
            ]}
            """
        #expect(try Self.text(entry, #"{"lives": 1}"#) == "Faster soon!")
        #expect(try Self.text(entry, #"{"lives": 2, "paused": true}"#) == "Paused.")
        #expect(try Self.text(entry, #"{"lives": 2, "paused": false}"#) == "Resumed.")
        #expect(try Self.text(entry, #"{"lives": 2}"#) == "Resumed.")
    }

    @Test(
        "conditions compare numbers by value, other values by type and value; a missing field does not match",
        arguments: [
            (#"{"n": 1}"#, #"{"n": 1}"#, true), (#"{"n": 1}"#, #"{"n": 1.0}"#, true),
            (#"{"n": 1}"#, #"{"n": 1e0}"#, true), (#"{"n": 0.5}"#, #"{"n": 5e-1}"#, true),
            (#"{"n": 1}"#, #"{"n": "1"}"#, false), (#"{"n": 1}"#, #"{"n": 2}"#, false),
            (#"{"n": 1}"#, #"{}"#, false), (#"{"n": true}"#, #"{"n": true}"#, true),
            (#"{"n": true}"#, #"{"n": 1}"#, false), (#"{"n": null}"#, #"{"n": null}"#, true),
            (#"{"n": null}"#, #"{}"#, false), (#"{"n": "a"}"#, #"{"n": "a"}"#, true),
            (#"{"n": "a"}"#, #"{"n": "A"}"#, false), (#"{}"#, #"{}"#, true),
        ])
    func conditionMatching(condition: String, fields: String, matches: Bool) throws {
        let entry = #"{"variants": [{"if": \#(condition), "key": "paused"}]}"#
        let action = try Self.map(entry).resolve("e", fields, localizer: try EventMapFixtures.localizer())
        #expect((action != .silent) == matches, "\(action)")
    }

    @Test("no variant holding means silence, not an error")
    func noVariantIsSilent() throws {
        let action = try Self.map(#"{"variants": [{"if": {"a": 1}, "key": "paused"}]}"#)
            .resolve("e", #"{"a": 2}"#, localizer: try EventMapFixtures.localizer())
        #expect(action == .silent)
    }

    @Test("add offsets an integer field; value passes a literal")
    func addAndValue() throws {
        let lane = #"{"key": "lane", "arguments": [{"field": "lane", "add": 1}, {"value": 3}]}"#
        #expect(try Self.text(lane, #"{"lane": 0}"#) == "Lane 1 of 3")
        #expect(try Self.text(lane, #"{"lane": 2}"#) == "Lane 3 of 3")
        let down = #"{"key": "lane", "arguments": [{"field": "lane", "add": -1}, {"value": 3.0}]}"#
        #expect(try Self.text(down, #"{"lane": 2}"#) == "Lane 1 of 3")
        let plain = #"{"key": "lane", "arguments": [{"field": "lane"}, {"value": 5}]}"#
        #expect(try Self.text(plain, #"{"lane": 4}"#) == "Lane 4 of 5")
        #expect(try Self.text(#"{"key": "game_started", "arguments": [{"value": "Turbo"}]}"#) == "Go! Speed: Turbo.")
    }

    @Test("localized renders another key in the event's locale, with templates")
    func localizedArgument() throws {
        let fixed = #"{"key": "game_started", "arguments": [{"localized": "difficulty_fast"}]}"#
        #expect(try Self.text(fixed) == "Go! Speed: Fast.")
        let templated = #"{"key": "game_started", "arguments": [{"localized": "difficulty_{speed}"}]}"#
        #expect(try Self.text(templated, #"{"speed": "rapid"}"#) == "Go! Speed: Rapid.")
        let german = try Self.map(templated).resolve(
            "e", #"{"speed": "cruise"}"#, locale: "de", localizer: try EventMapFixtures.localizer())
        let cruise = try EventMapFixtures.localizer().render("difficulty_cruise", locale: "de").text
        #expect(german.spoken?.text.contains(cruise) == true && cruise != "Cruise")
    }

    @Test("a nested rendering's fallbacks are reported with the announcement's")
    func nestedFallbacksAreKept() throws {
        let entry = #"{"key": "game_started", "arguments": [{"localized": "difficulty_fast"}]}"#
        let spoken = try #require(
            try Self.map(entry).resolve("e", locale: "de-AT", localizer: try EventMapFixtures.localizer()).spoken)
        #expect(spoken.rendering.fallbacks.count == 2, "\(spoken.rendering.fallbacks)")
        #expect(spoken.rendering.fallbacks.allSatisfy { $0.description.contains("using de") })
    }

    @Test("key, supersedes and scope are filled from the event's fields")
    func templatesInPolicy() throws {
        let entry = """
            {"key": "help_{topic}", "priority": "low", "resume": true, "supersedes": "help.{player}",
             "scope": "help.section.{section}", "expires_ms": 0}
            """
        let action = try Self.map(entry).resolve(
            "e", #"{"topic": "controls", "player": "p-2", "section": 3}"#, localizer: try EventMapFixtures.localizer())
        let spoken = try #require(action.spoken)
        #expect(spoken.text.hasPrefix("Controls:"))
        #expect(spoken.priority == .low)
        #expect(
            spoken.policy
                == AnnouncementPolicy(
                    supersedes: "help.p-2", expires: .milliseconds(0), resume: true, scope: "help.section.3"))
    }

    @Test("a rule with no priority is default, with an empty policy")
    func defaults() throws {
        let spoken = try #require(
            try Self.map(#"{"key": "paused"}"#).resolve("e", localizer: .init(catalogs: [])).spoken)
        #expect(spoken.priority == .default)
        #expect(spoken.policy == AnnouncementPolicy())
        // No table has the key: the key itself is the text, and that is reported.
        #expect(spoken.text == "paused" && spoken.rendering.locale == nil)
    }

    @Test("cancel rules cancel all of the client's speech, or a scope filled from the event")
    func cancelRules() throws {
        let localizer = try EventMapFixtures.localizer()
        #expect(try Self.map(#"{"cancel": "all"}"#).resolve("e", localizer: localizer) == .cancel(scope: nil))
        #expect(
            try Self.map(#"{"cancel": {"scope": "help"}}"#).resolve("e", localizer: localizer) == .cancel(scope: "help")
        )
        let templated = try Self.map(#"{"cancel": {"scope": "help.section.{section}"}}"#)
        #expect(
            try templated.resolve("e", #"{"section": 3}"#, localizer: localizer) == .cancel(scope: "help.section.3"))
        #expect(try templated.resolveError("e", localizer: localizer)?.code == .missingField)
        #expect(try Self.map(#"{"silent": true}"#).resolve("e", localizer: localizer) == .silent)
    }

    /// A table with a decimal placeholder, which the shipped tables do not have.
    static let decimalTable = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {"speed_kmh": {"localizations": {
          "en": {"stringUnit": {"state": "translated", "value": "Speed %.1f"}}}}}}
        """

    @Test(
        "a decimal placeholder takes any number, and only a number",
        arguments: [(#"{"v": 2}"#, "Speed 2.0"), (#"{"v": 1.25}"#, "Speed 1.2"), (#"{"v": 15e-1}"#, "Speed 1.5")])
    func decimalPlaceholder(fields: String, text: String) throws {
        let localizer = try Localizer(tables: [("t", Array(Self.decimalTable.utf8))])
        let map = try Self.map(#"{"key": "speed_kmh", "arguments": ["v"]}"#)
        #expect(try map.resolve("e", fields, localizer: localizer).spoken?.text == text)
        let error = try map.resolveError("e", #"{"v": "fast"}"#, localizer: localizer)
        #expect(error?.code == .invalidField && error?.message.contains("must be a decimal number") == true)
    }
}
