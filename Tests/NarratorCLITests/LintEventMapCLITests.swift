import Foundation
import NarratorTestSupport
import Testing

/// `narrator lint` on a profile folder holding a table and an event map, as a game developer runs it.
@Suite("narrator lint on event maps")
struct LintEventMapCLITests {
    /// A fresh folder with the game's table and `events` as its events.json.
    static func profile(events: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let table = NarratorBinary.packageRoot.appendingPathComponent("Localization/retroracing/RetroRacing.xcstrings")
        try FileManager.default.copyItem(at: table, to: folder.appendingPathComponent("RetroRacing.xcstrings"))
        try Data(events.utf8).write(to: folder.appendingPathComponent("events.json"))
        return folder.path
    }

    static let broken = """
        {"version": 1, "events": {
          "collision": {"key": "crash_lives_remaining", "arguments": ["lives"], "prioriy": "high"},
          "lane_changed": {"key": "lane", "arguments": [{"field": "lane", "add": 1}]}
        }}
        """

    @Test("a folder with a broken events.json exits 1 with path:line: findings for the map")
    func brokenMapInFolder() throws {
        let folder = try Self.profile(events: Self.broken)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try NarratorBinary.run(["lint", folder])
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(
            run.output == """
                \(folder)/events.json:2: error: [event-map] collision: unknown member "prioriy" in a speak rule: \
                allowed are "if", "key", "arguments", "priority", "supersedes", "expires_ms", "resume", "scope", \
                "sound", "sound_after"
                \(folder)/events.json:3: error: [event-map] lane_changed: "lane" takes 2 arguments (a whole number, \
                a whole number), but the rule passes 1 argument: make "arguments" match the key \
                (docs/LOCALIZATION.md lists each key's arguments)
                2 files checked: 2 errors, 0 warnings.

                """)
    }

    @Test("an events.json named directly is checked against the tables beside it")
    func mapNamedDirectly() throws {
        let folder = try Self.profile(
            events: #"{"version": 1, "events": {"score_changed": {"key": "score", "arguments": ["score"]}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clean = try NarratorBinary.run(["lint", "\(folder)/events.json"])
        #expect(clean.status == 0, "\(clean.output)\(clean.errors)")
        #expect(clean.output == "1 file checked: no problems.\n")
        try Data(#"{"version": 1, "events": {"e": {"key": "scor"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: "\(folder)/events.json"))
        let strict = try NarratorBinary.run(["lint", "--strict", "\(folder)/events.json"])
        #expect(strict.status == 1)
        #expect(strict.output.hasPrefix("\(folder)/events.json:1: error: [unknown-key] scor: "))
    }

    @Test("a map that is not JSON is an invalid-json finding with its line and column")
    func invalidJSONMap() throws {
        let folder = try Self.profile(events: "{\"version\": 1,\n\"events\": {\"a\": tru}}")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try NarratorBinary.run(["lint", folder])
        #expect(run.status == 1)
        #expect(
            run.output.hasPrefix(
                "\(folder)/events.json:2: error: [invalid-json] invalid JSON at line 2, column 17: expected 'true'"))
    }
}
