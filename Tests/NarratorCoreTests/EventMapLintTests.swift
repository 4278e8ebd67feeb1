import NarratorCore
import NarratorLocalization
import Testing

/// `narrator lint` on event maps: what a map's author sees before the daemon ever loads it.
@Suite("Event map lint")
struct EventMapLintTests {
    @Test("the shipped map lints clean against its own tables")
    func shippedMapIsClean() throws {
        let diagnostics = EventMap.lint(
            path: EventMapFixtures.mapPath, bytes: try EventMapFixtures.bytes(EventMapFixtures.mapPath),
            against: try EventMapFixtures.localizer())
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        #expect(try EventMapFixtures.shippedMap().diagnostics(against: EventMapFixtures.localizer(), path: "m").isEmpty)
    }

    /// A map with one mistake per line from line 3 on, and lines that must stay quiet.
    static let fixture = """
        {"version": 1, "events": {
          "quiet_templated": {"key": "help_{topic}", "arguments": [{"localized": "difficulty_{d}"}]},
          "unknown_key": {"key": "crash_lives_remainin", "arguments": ["lives"]},
          "too_few": {"key": "lane", "arguments": [{"field": "lane", "add": 1}]},
          "wrong_kind": {"key": "score", "arguments": [{"value": "many"}]},
          "localized_takes_arguments": {"key": "game_started", "arguments": [{"localized": "lane"}]},
          "unknown_localized": {"key": "game_started", "arguments": [{"localized": "difficulty_turbo"}]},
          "number_for_text": {"key": "game_started", "arguments": [{"field": "x", "add": 0}]},
          "quiet_fields": {"key": "status_summary", "arguments": ["a", "b", "c", "d"]}
        }}
        """

    @Test("unknown keys and arguments that do not fit are reported on their lines")
    func fixtureFindings() throws {
        let diagnostics = EventMap.lint(
            path: "fixture/events.json", bytes: Array(Self.fixture.utf8), against: try EventMapFixtures.localizer())
        let found = diagnostics.map { "\($0.line) \($0.rule.rawValue) \($0.key ?? "-") \($0.severity.rawValue)" }
        #expect(
            found.sorted() == [
                "3 unknown-key crash_lives_remainin warning",
                "4 event-map too_few error",
                "5 event-map wrong_kind error",
                "6 event-map localized_takes_arguments error",
                "7 unknown-key difficulty_turbo warning",
                "8 event-map number_for_text error",
            ])
        let tooFew = try #require(diagnostics.first { $0.key == "too_few" })
        #expect(
            tooFew.message.contains(
                #""lane" takes 2 arguments (a whole number, a whole number), but the rule passes 1"#))
        #expect(tooFew.description.hasPrefix("fixture/events.json:4: error: [event-map] too_few: "))
        let wrongKind = try #require(diagnostics.first { $0.key == "wrong_kind" })
        #expect(wrongKind.message == #"argument 1 of "score" is text, but the key's placeholder takes a whole number"#)
        #expect(wrongKind.column == 48)
    }

    @Test("every entry that cannot load is reported, with the rest still checked")
    func everyLoadProblemIsReported() throws {
        let map = """
            {"version": 1, "events": {
              "say": {"silent": true},
              "ok": {"key": "no_such_key"},
              "bad": {"key": "score", "priority": "urgent"},
              "typo": {"key": "score", "expires": 100}
            }}
            """
        let diagnostics = EventMap.lint(
            path: "m.json", bytes: Array(map.utf8), against: try EventMapFixtures.localizer())
        #expect(
            diagnostics.map { "\($0.line):\($0.column ?? 0) \($0.rule.rawValue) \($0.key ?? "-")" } == [
                "2:3 event-map say", "4:39 event-map bad", "5:28 event-map typo", "3:17 unknown-key no_such_key",
            ])
    }

    @Test("text that is not JSON is one invalid-json finding with its line and column")
    func invalidJSON() throws {
        let diagnostics = EventMap.lint(
            path: "m.json", bytes: Array("{\"version\": 1,\n\"events\": {\"a\": tru}}".utf8),
            against: try EventMapFixtures.localizer())
        #expect(diagnostics.count == 1)
        let finding = try #require(diagnostics.first)
        #expect(finding.rule == .invalidJSON && finding.line == 2 && finding.column == 17)
        #expect(finding.message.contains("line 2, column 17"))
    }
}
