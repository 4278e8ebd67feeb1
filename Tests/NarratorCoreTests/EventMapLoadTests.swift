import NarratorCore
import NarratorJSON
import NarratorLocalization
import NarratorWire
import Testing

/// Maps that must not load: each error points at the line and column to fix and says how.
@Suite("Event map loading")
struct EventMapLoadTests {
    /// A map whose third line is `entry`; the error must point at `marker` on that line.
    static func document(_ entry: String) -> String {
        "{\"version\": 1,\n \"events\": {\n  \(entry)\n}}\n"
    }

    @Test(
        "an invalid entry is rejected at the line and column of the mistake",
        arguments: [
            (#""e": {"key": "score", "prioriy": "low"}"#, #""prioriy""#, #"unknown member "prioriy""#),
            (#""say": {"silent": true}"#, #""say""#, "command of the wire protocol"),
            (#""status": {"key": "score"}"#, #""status""#, "command of the wire protocol"),
            (#""e": {"key": "score", "priority": "urgent"}"#, #""urgent""#, #"must be "high", "default" or "low""#),
            (#""e": {"key": "score", "expires_ms": -1}"#, "-1", "0 or more"),
            (#""e": {"key": "score", "expires_ms": 1.5}"#, "1.5", "whole number"),
            (#""e": {"key": "score", "resume": "yes"}"#, #""yes""#, "true or false"),
            (#""e": {"key": "score", "cancel": "all"}"#, "{", "does one thing"),
            (#""e": {"priority": "low"}"#, "{", #"needs "key""#),
            (#""e": {"silent": false}"#, "false", "must be true"),
            (#""e": {"cancel": "some"}"#, #""some""#, #""all" or {"scope""#),
            (#""e": {"cancel": {"scope": "help", "all": true}}"#, #""all""#, #"unknown member "all""#),
            (#""e": {"key": "help_{topic"}"#, #""help_{"#, "without its }"),
            (#""e": {"key": "help_{}"}"#, #""help_{"#, "empty {}"),
            (#""e": {"key": "help}"}"#, #""help}"#, "without its {"),
            (#""e": {"key": "score", "scope": "help..x"}"#, #""help..x""#, "dotted name"),
            (#""e": {"key": "score", "scope": "help section"}"#, #""help section""#, "dotted name"),
            (#""e": {"variants": []}"#, "[", "non-empty array"),
            (#""e": {"variants": [{"silent": true}], "priority": "low"}"#, #""priority""#, "unknown member"),
            (#""e": {"variants": [{"key": "score", "iff": {}}]}"#, #""iff""#, #"unknown member "iff""#),
            (#""e": {"variants": [{"if": {"a": [1]}, "silent": true}]}"#, "[1]", "string, number"),
            (#""e": {"key": "lane", "arguments": [{"field": "lane", "ad": 1}]}"#, #""ad""#, "unknown member"),
            (#""e": {"key": "lane", "arguments": [{"field": "lane", "add": "1"}]}"#, #""1""#, "whole number"),
            (#""e": {"key": "lane", "arguments": [{"value": true}]}"#, "true", "a string or a number"),
            (#""e": {"key": "lane", "arguments": [{"nothing": 1}]}"#, #""nothing""#, "unknown member"),
            (#""e": {"key": "lane", "arguments": [3]}"#, "3", "must be a JSON object"),
            (#""e": {"key": "lane", "arguments": "lane"}"#, #""lane"}"#, "must be an array"),
            (#""e": {"key": ""}"#, #""""#, "non-empty string"),
            (#""e": "score""#, #""score""#, "an entry must be a JSON object"),
        ])
    func invalidEntry(entry: String, marker: String, reason: String) throws {
        let error = try #require(EventMapFixtures.loadError(Self.document(entry)))
        let start = try #require(entry.firstRange(of: marker)).lowerBound
        let column = entry.distance(from: entry.startIndex, to: start) + 3
        #expect(error.kind == .invalid)
        #expect(error.position == SourcePosition(line: 3, column: column), "\(error)")
        #expect(error.reason.contains(reason), "\(error.reason)")
        #expect(error.description.hasPrefix("line 3, column \(column): "))
    }

    @Test("text that is not JSON is a syntax error with its line and column")
    func invalidJSON() throws {
        let error = try #require(
            EventMapFixtures.loadError("{\"version\": 1,\n \"events\": {\"a\": {\"key\": \"x\",}}}"))
        #expect(error.kind == .syntax)
        #expect(error.position == SourcePosition(line: 2, column: 30))
        #expect(error.reason.contains("trailing comma"))
    }

    @Test(
        "the map itself needs version 1 and events, and nothing else",
        arguments: [
            (#"{"events": {}}"#, 1, 1, #"needs "version": 1"#),
            (#"{"version": 2, "events": {}}"#, 1, 13, "version 2 is not supported"),
            (#"{"version": 1}"#, 1, 1, #"needs "events""#),
            (#"{"version": 1, "events": {}, "extra": 1}"#, 1, 30, #"unknown member "extra""#),
            (#"{"version": 1, "events": []}"#, 1, 26, "must be a JSON object"),
            (#"[1]"#, 1, 1, "must be a JSON object"),
            (#"{"version": 1, "version": 1, "events": {}}"#, 1, 16, "written twice"),
        ])
    func invalidMap(json: String, line: Int, column: Int, reason: String) throws {
        let error = try #require(EventMapFixtures.loadError(json))
        #expect(error.position == SourcePosition(line: line, column: column), "\(error)")
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test("an event written twice is rejected at its second occurrence")
    func duplicateEvent() throws {
        let error = try #require(
            EventMapFixtures.loadError(
                "{\"version\": 1, \"events\": {\n\"a\": {\"silent\": true},\n\"a\": {\"silent\": true}}}"))
        #expect(error.position == SourcePosition(line: 3, column: 1))
        #expect(error.event == "a" && error.reason.contains("written twice (first at line 2)"))
    }

    @Test("an event may not take the name of one of the protocol's requests", arguments: Request.Kind.allCases)
    func reservedNames(kind: Request.Kind) throws {
        let error = try #require(
            EventMapFixtures.loadError(#"{"version": 1, "events": {"\#(kind.rawValue)": {"silent": true}}}"#))
        #expect(error.event == kind.rawValue)
    }
}
