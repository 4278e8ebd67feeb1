import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// Profiles per client, over the real daemon: each game names its profile in `hello` and hears its
/// own tables, event map and sounds; profiles are found in the XDG data folders, then the shipped ones.
@Suite("Profiles per client")
struct ProfileTests {
    /// A private `$XDG_DATA_HOME` (and an empty `$XDG_DATA_DIRS`) with `narrator/profiles/` holding
    /// the test fixture `puzzle` and, when asked, a copy of the shipped RetroRacing profile.
    struct DataHome {
        let root: String
        let profiles: String

        init(racingCopyNamed racing: String? = nil) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-data-\(UUID())").path
            profiles = root + "/data/narrator/profiles"
            try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.fixture, toPath: profiles + "/puzzle")
            if let racing {
                try FileManager.default.copyItem(
                    atPath: NarratorExecutable.packageRoot + "/Localization/retroracing",
                    toPath: profiles + "/" + racing)
            }
        }

        static let fixture = NarratorExecutable.packageRoot + "/Tests/NarratorServerTests/Fixtures/puzzle"

        var environment: [String: String] { ["XDG_DATA_HOME": root + "/data", "XDG_DATA_DIRS": root + "/empty"] }

        func write(_ text: String, to file: String) throws {
            try text.write(toFile: profiles + "/" + file, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// A connection and its replies as dictionaries.
    struct Game {
        let client: LineClient

        func ask(_ line: String) throws -> [String: Any] {
            try client.send(line)
            return fields(try #require(try client.readLine(), "no reply to \(line)"))
        }

        func text(_ line: String) throws -> String? { try ask(line)["text"] as? String }
    }

    @Test("Two games connected at once each hear their own tables, event map and sounds")
    func twoGamesTwoProfiles() throws {
        let data = try DataHome()
        defer { data.remove() }
        let daemon = try DaemonProcess(environment: data.environment)
        defer { _ = daemon.stop() }
        let racing = Game(client: try daemon.client())
        let puzzle = Game(client: try daemon.client())

        let racingHello = try racing.ask(#"{"type":"hello","client":"Racer","profile":"retroracing"}"#)
        #expect(racingHello["profile"] as? String == "retroracing")
        #expect((racingHello["events"] as? [String])?.contains("collision") == true)
        let puzzleHello = try puzzle.ask(#"{"type":"hello","client":"Puzzler","profile":"puzzle"}"#)
        #expect(puzzleHello["ok"] as? Bool == true, "\(puzzleHello)")
        #expect(puzzleHello["profile"] as? String == "puzzle")
        #expect(puzzleHello["events"] as? [String] == ["score_changed", "solved"])
        #expect(daemon.waitForLog("Loaded the profile puzzle"))

        // The same event, interleaved: each client's own table and map.
        for score in [1, 7, 30] {
            #expect(try racing.text(#"{"type":"score_changed","score":\#(score)}"#) == "Score \(score)")
            #expect(
                try puzzle.text(#"{"type":"score_changed","score":\#(score)}"#)
                    == (score == 1 ? "1 point" : "\(score) points"))
        }
        // Events and sounds of one profile are not the other's.
        #expect(try racing.text(#"{"type":"collision","lives":2}"#) == "Crash! 2 lives left")
        #expect(replyCode(try puzzle.ask(#"{"type":"collision","lives":2}"#)) == "unknown_event")
        let solved = try puzzle.ask(#"{"type":"solved"}"#)
        #expect(solved["text"] as? String == "Puzzle solved" && solved["sound"] as? String == "chime", "\(solved)")
        #expect(replyCode(try racing.ask(#"{"type":"solved"}"#)) == "unknown_event")
        #expect(try puzzle.ask(#"{"type":"play","sound":"chime"}"#)["ms"] as? Int == 40)
        #expect(replyCode(try racing.ask(#"{"type":"play","sound":"chime"}"#)) == "unknown_sound")
        // A say by key uses the client's tables too.
        #expect(try puzzle.text(#"{"type":"say","key":"points","arguments":[2]}"#) == "2 points")
        #expect(try racing.text(#"{"type":"say","key":"score","arguments":[2]}"#) == "Score 2")

        // status shows the asking client's profile.
        let racingStatus = try racing.ask(#"{"type":"status"}"#)
        #expect(racingStatus["profile"] as? String == "retroracing")
        #expect((racingStatus["profile_folder"] as? String)?.hasSuffix("Localization/retroracing") == true)
        let puzzleStatus = try puzzle.ask(#"{"type":"status"}"#)
        #expect(puzzleStatus["profile"] as? String == "puzzle")
        #expect(puzzleStatus["profile_folder"] as? String == data.profiles + "/puzzle")
        #expect(puzzleStatus["clients"] as? Int == 2)

        // A third client that names none gets the default.
        let plain = try daemon.request(#"{"type":"status"}"#)
        #expect(fields(plain)["profile"] as? String == "retroracing")
    }

    @Test("A profile that is not installed, or broken, is refused in hello's reply; nothing else changes")
    func refusedProfiles() throws {
        let data = try DataHome()
        defer { data.remove() }
        try FileManager.default.createDirectory(atPath: data.profiles + "/broken", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: DataHome.fixture + "/Puzzle.xcstrings", toPath: data.profiles + "/broken/Puzzle.xcstrings")
        try data.write(
            #"{"version":1,"events":{"solved":{"key":"puzzle_solved","prioriy":"high"}}}"#, to: "broken/events.json")
        let daemon = try DaemonProcess(environment: data.environment)
        defer { _ = daemon.stop() }
        let game = Game(client: try daemon.client())

        let missing = try game.ask(#"{"type":"hello","client":"Renamed","locale":"pl","profile":"nosuchgame"}"#)
        #expect(replyCode(missing) == "profile")
        let missingMessage = try #require(((missing["error"] as? [String: Any])?["message"] as? String))
        #expect(missingMessage.contains("no profile \"nosuchgame\" is installed"), "\(missingMessage)")
        #expect(missingMessage.contains(data.profiles + "/nosuchgame"), "\(missingMessage)")

        let broken = try game.ask(#"{"type":"hello","client":"Renamed","locale":"pl","profile":"broken"}"#)
        #expect(replyCode(broken) == "profile")
        let brokenMessage = try #require(((broken["error"] as? [String: Any])?["message"] as? String))
        #expect(brokenMessage.contains("broken/events.json: line 1"), "\(brokenMessage)")
        #expect(brokenMessage.contains("prioriy"), "\(brokenMessage)")

        let notAName = try game.ask(#"{"type":"hello","profile":"../puzzle"}"#)
        #expect(replyCode(notAName) == "profile")

        // The client kept its name, locale and profile: English RetroRacing, "client 1".
        #expect(try game.ask(#"{"type":"status"}"#)["profile"] as? String == "retroracing")
        #expect(try game.ask(#"{"type":"subscribe"}"#)["ok"] as? Bool == true)
        let say = try game.ask(#"{"type":"say","key":"score","arguments":[3]}"#)
        #expect(say["text"] as? String == "Score 3" && say["locale"] as? String == "en", "\(say)")
        let queued = fields(try #require(try game.client.readLine()))
        #expect(queued["event"] as? String == "queued" && queued["client"] as? String == "client 1", "\(queued)")
        // And a good one is taken.
        let other = Game(client: try daemon.client())
        #expect(try other.ask(#"{"type":"hello","profile":"puzzle"}"#)["profile"] as? String == "puzzle")
    }

    @Test("SIGHUP reloads every loaded profile; a broken one keeps its last good version and the log says where")
    func reloadsEveryProfile() throws {
        let data = try DataHome(racingCopyNamed: "racing")
        defer { data.remove() }
        let daemon = try DaemonProcess(environment: data.environment)
        defer { _ = daemon.stop() }
        let racing = Game(client: try daemon.client())
        let puzzle = Game(client: try daemon.client())
        #expect(try racing.ask(#"{"type":"hello","profile":"racing"}"#)["ok"] as? Bool == true)
        #expect(try puzzle.ask(#"{"type":"hello","profile":"puzzle"}"#)["ok"] as? Bool == true)
        #expect(try racing.text(#"{"type":"score_changed","score":4}"#) == "Score 4")

        try data.write("{\n  \"version\": 1,\n  \"events\": {\"score_changed\": tru}\n}\n", to: "puzzle/events.json")
        let map = #"{"version":1,"events":{"score_changed":{"key":"level","arguments":["score"]}}}"#
        try data.write(map, to: "racing/events.json")
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("Reloaded the profile racing"))
        #expect(daemon.waitForLog("Reload failed for the profile puzzle"))
        let log = daemon.logText
        #expect(log.contains(data.profiles + "/puzzle/events.json: line 3"), "\(log)")
        // The default profile (loaded at start) is reloaded too.
        #expect(daemon.waitForLog("Reloaded the profile retroracing"))

        #expect(try racing.text(#"{"type":"score_changed","score":5}"#) == "Level 5")
        #expect(try puzzle.text(#"{"type":"score_changed","score":5}"#) == "5 points")
        // Once fixed, the next SIGHUP takes it.
        try data.write(#"{"version":1,"events":{"score_changed":{"key":"puzzle_solved"}}}"#, to: "puzzle/events.json")
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("Reloaded the profile puzzle"))
        #expect(try puzzle.text(#"{"type":"score_changed","score":6}"#) == "Puzzle solved")
    }

    @Test("--profile DIR is the default, and answers to its folder's name before the installed one")
    func givenProfileFolder() throws {
        let data = try DataHome(racingCopyNamed: "retroracing")
        defer { data.remove() }
        // An installed retroracing that says something else: the given folder must win for its name.
        try data.write(
            #"{"version":1,"events":{"score_changed":{"key":"level","arguments":["score"]}}}"#,
            to: "retroracing/events.json")
        let daemon = try DaemonProcess(
            arguments: ["--output", "null", "--profile", DataHome.fixture], environment: data.environment)
        defer { _ = daemon.stop() }
        #expect(fields(try daemon.request(#"{"type":"score_changed","score":3}"#))["text"] as? String == "3 points")
        let game = Game(client: try daemon.client())
        #expect(try game.ask(#"{"type":"hello","profile":"puzzle"}"#)["profile"] as? String == "puzzle")
        #expect(try game.ask(#"{"type":"status"}"#)["profile_folder"] as? String == DataHome.fixture)
        // The installed retroracing is found by name (XDG before shipped).
        #expect(try game.ask(#"{"type":"hello","profile":"retroracing"}"#)["ok"] as? Bool == true)
        #expect(try game.text(#"{"type":"score_changed","score":3}"#) == "Level 3")
    }

    @Test("narrator profiles lists what is installed, where, which is the default and which are hidden")
    func listsProfiles() throws {
        let data = try DataHome(racingCopyNamed: "retroracing")
        defer { data.remove() }
        let run = try ChildProcess.run(
            try #require(NarratorExecutable.path()), ["profiles"],
            environment: ProcessInfo.processInfo.environment.merging(data.environment) { $1 })
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let puzzle = try #require(lines.first { $0.hasPrefix("puzzle ") }, "\(run.output)")
        #expect(puzzle.contains("user") && puzzle.contains(data.profiles + "/puzzle"))
        let racing = lines.filter { $0.hasPrefix("retroracing ") }
        #expect(racing.count == 2, "\(run.output)")
        #expect(racing.first?.contains(data.profiles + "/retroracing") == true)
        #expect(racing.first?.hasSuffix("default") == true, "\(run.output)")
        #expect(racing.last?.contains("shipped") == true && racing.last?.contains("hidden by") == true)
        #expect(
            run.output.contains(
                "Searched, in order:\n  \(data.profiles) (user)\n  \(data.root)/empty/narrator/profiles (system)"))
    }

    @Test("narrator lint takes a profile's name")
    func lintsByName() throws {
        let data = try DataHome()
        defer { data.remove() }
        let environment = ProcessInfo.processInfo.environment.merging(data.environment) { $1 }
        let binary = try #require(NarratorExecutable.path())
        let clean = try ChildProcess.run(binary, ["lint", "puzzle", "--strict"], environment: environment)
        #expect(clean.status == 0, "\(clean.output)\(clean.errors)")
        #expect(clean.output.contains("3 files"), "\(clean.output)")

        try data.write(#"{"version":1,"events":{"solved":{"key":"no_such_key"}}}"#, to: "puzzle/events.json")
        let broken = try ChildProcess.run(binary, ["lint", "puzzle", "--strict"], environment: environment)
        #expect(broken.status == 1, "\(broken.output)\(broken.errors)")
        #expect(broken.output.contains(data.profiles + "/puzzle/events.json:1:"), "\(broken.output)")

        let missing = try ChildProcess.run(binary, ["lint", "nosuchgame"], environment: environment)
        #expect(missing.status == 2)
        #expect(missing.errors.contains("no profile \"nosuchgame\" is installed"), "\(missing.errors)")
    }
}

/// The error code of a reply, nil for a success.
private func replyCode(_ reply: [String: Any]) -> String? {
    (reply["error"] as? [String: Any])?["code"] as? String
}
