import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// `narrator stop`, `pause`, `resume`, `status`, `monitor`, `history` and `send --timeout` as a
/// player runs them: the real binary against a real daemon (no sound device), checked by what they
/// print, how they exit, and what a subscriber of every client hears.
@Suite("Control commands")
struct ControlCommandTests {
    /// A subscriber of every client's outcomes.
    private func watcher(_ daemon: DaemonProcess) throws -> Subscriber {
        let watcher = try Subscriber(daemon)
        try watcher.client.send(Request.subscribe(allClients: true).line)
        _ = try watcher.client.readLine()
        return watcher
    }

    /// A client named `name` that has paused its own speech, so what it queues waits.
    private func pausedClient(_ daemon: DaemonProcess, _ name: String) throws -> Subscriber {
        let client = try Subscriber(daemon)
        client.send(Request.hello(client: name, locale: nil, profile: nil).line, expectingID: false)
        client.send(Request.pause(allClients: false).line, expectingID: false)
        return client
    }

    @Test("narrator stop silences every client's speech, what waits included")
    func stopSilencesEveryone() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let watcher = try watcher(daemon)
        let game = try pausedClient(daemon, "Game")
        let tool = try pausedClient(daemon, "Tool")
        let ids = [
            try game.send(#"{"type":"say","text":"One."}"#), try game.send(#"{"type":"say","text":"Two."}"#),
            try tool.send(#"{"type":"say","text":"Three.","priority":"high"}"#),
        ]
        let run = try runNarrator(["stop", "--socket", daemon.socket])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "Stopped all speech.\n")
        for id in ids { try watcher.waitFor("cancelled", id) }
    }

    @Test("narrator pause holds all speech, status says so and who paused, narrator resume lets it speak")
    func pauseStatusResume() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let watcher = try watcher(daemon)
        let calm = try runNarrator(["status", "--socket", daemon.socket])
        #expect(calm.status == 0, "\(calm.errors)")
        let calmLines = calm.output.split(separator: "\n").map(String.init)
        for line in [
            "Speaking: nothing", "Queued: 0", "Paused: no", "Sound: null, working", "Default sound effects volume: 100",
        ] {
            #expect(calmLines.contains(line), "\(calm.output)")
        }
        #expect(calmLines.allSatisfy { !$0.contains("{") && !$0.contains("\"ok\"") }, "\(calm.output)")
        #expect(calmLines.contains { $0.hasPrefix("Default voice: ") && $0.contains(", rate ") }, "\(calm.output)")

        let pause = try runNarrator(["pause", "--socket", daemon.socket])
        #expect(pause.status == 0 && pause.output == "Paused all speech; narrator resume lets it speak again.\n")
        let game = try pausedClient(daemon, "Game")
        let held = try game.send(#"{"type":"say","text":"Held."}"#)
        let paused = try runNarrator(["status", "--socket", daemon.socket]).output.split(separator: "\n")
        #expect(paused.contains("Paused: all speech, by narrator pause"), "\(paused)")
        #expect(paused.contains("Paused: the speech of Game, by itself"), "\(paused)")
        #expect(paused.contains("Queued: 1") && paused.contains("Speaking: nothing"), "\(paused)")
        let json = try runNarrator(["status", "--socket", daemon.socket, "--json"])
        guard case .reply(.status(let status)) = try DaemonLine.parse(String(json.output.dropLast())) else {
            Issue.record("status --json printed \(json.output)")
            return
        }
        #expect(status.paused == .init(all: true, allBy: "narrator pause", clients: ["Game"]))

        let resume = try runNarrator(["resume", "--socket", daemon.socket])
        #expect(resume.status == 0 && resume.output == "Speech resumed.\n")
        // Resuming all lifts the game's own pause too: what it queued is said.
        try watcher.waitFor("finished", held)
        let after = try runNarrator(["status", "--socket", daemon.socket]).output.split(separator: "\n")
        #expect(after.contains("Paused: no"), "\(after)")
    }

    @Test("send --wait gives up at --timeout, saying what it waited for, with status 2")
    func sendTimesOut() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        #expect(try runNarrator(["pause", "--socket", daemon.socket]).status == 0)
        let started = ContinuousClock.now
        let run = try runNarrator([
            "send", "--socket", daemon.socket, "--wait", "--timeout", "0.5", "say", "--text", "Never heard.",
        ])
        let waited = ContinuousClock.now - started
        #expect(run.status == 2, "\(run.output)\(run.errors)")
        let id = try #require(fields(String(run.output.split(separator: "\n").first ?? ""))["id"] as? String)
        #expect(run.errors.contains("gave up after 0.5 s waiting for this announcement to end:"), "\(run.errors)")
        #expect(run.errors.contains("  \(id) (queued): Never heard."), "\(run.errors)")
        #expect(waited >= .milliseconds(500) && waited < .seconds(5), "\(waited)")
        let bad = try runNarrator(["send", "--socket", daemon.socket, "--timeout", "0", "status"])
        #expect(bad.status != 0 && bad.errors.contains("--timeout"), "\(bad.errors)")
    }

    @Test("monitor prints one readable line per outcome, no JSON")
    func monitorReadable() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let narrator = try #require(NarratorExecutable.path())
        let monitor = try ChildProcess(
            executable: narrator, arguments: ["monitor", "--socket", daemon.socket],
            environment: ProcessInfo.processInfo.environment, captureErrors: false)
        defer { _ = monitor.stop() }
        let (listening, greeting) = monitor.read(until: "Ctrl-C stops.\n", within: .seconds(20))
        try #require(listening, "monitor did not start: \(greeting)")
        let game = try Subscriber(daemon)
        game.send(Request.hello(client: "RetroRacing", locale: nil, profile: nil).line, expectingID: false)
        let id = try game.send(#"{"type":"collision","lives":2}"#)
        // The finished line carries the latency measured: "finished 8 RetroRacing (heard after 6.0 ms): ...".
        let (finished, log) = monitor.read(until: " ms): Crash! 2 lives left\n")
        #expect(finished, "\(log)")
        #expect(
            log.contains(try Regex("finished \(id) RetroRacing \\(heard after [0-9.]+ ms\\): Crash! 2 lives left\n")),
            "\(log)")
        #expect(log.contains("queued \(id) RetroRacing: Crash! 2 lives left\n"), "\(log)")
        #expect(!log.contains("{"), "\(log)")
    }

    @Test("history lists the last announcements and how each ended: all, one client's, the newest few, or JSON")
    func history() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let watcher = try watcher(daemon)
        let empty = try runNarrator(["history", "--socket", daemon.socket])
        #expect(empty.status == 0 && empty.output == "No announcements yet.\n", "\(empty.output)")
        let game = try Subscriber(daemon)
        game.send(Request.hello(client: "Game", locale: nil, profile: nil).line, expectingID: false)
        let one = try game.send(#"{"type":"say","text":"One."}"#)
        try watcher.waitFor("finished", one)
        let other = try Subscriber(daemon)
        other.send(Request.hello(client: "Other", locale: nil, profile: nil).line, expectingID: false)
        let two = try other.send(#"{"type":"say","text":"Two."}"#)
        try watcher.waitFor("finished", two)

        // Each line carries its latency, "(heard after 6.0 ms)", compared here without its figure.
        func measured(_ text: String) -> String { text.replacing(#/ \(heard after [0-9.]+ ms\)/#, with: " (heard)") }
        let all = try runNarrator(["history", "--socket", daemon.socket])
        #expect(
            measured(all.output).hasSuffix("finished \(one) Game (heard): One.\nfinished \(two) Other (heard): Two.\n"),
            "\(all.output)")
        let newest = try runNarrator(["history", "--socket", daemon.socket, "--limit", "1"])
        #expect(measured(newest.output) == "finished \(two) Other (heard): Two.\n", "\(newest.output)")
        let own = try runNarrator(["history", "--socket", daemon.socket, "--client", "Game"])
        #expect(measured(own.output) == "finished \(one) Game (heard): One.\n", "\(own.output)")
        let nobody = try runNarrator(["history", "--socket", daemon.socket, "--client", "Nobody"])
        #expect(nobody.output == "No announcements of Nobody are kept.\n")
        let json = try runNarrator(["history", "--socket", daemon.socket, "--json", "--limit", "2"])
        guard case .reply(.history(let entries)) = try DaemonLine.parse(String(json.output.dropLast())) else {
            Issue.record("history --json printed \(json.output)")
            return
        }
        #expect(entries.map(\.id) == [one, two] && entries.map(\.outcome) == [.finished, .finished])
    }

    @Test("spoken_notices on in the player's file says once that a language has no voice; --spoken-notices off wins")
    func spokenNotices() throws {
        let settings = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-notices-\(UUID())")
        try FileManager.default.createDirectory(
            at: settings.appendingPathComponent("narrator"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: settings) }
        try "# Tell me when a language has no voice.\nspoken_notices on\n".write(
            to: settings.appendingPathComponent("narrator/config"), atomically: true, encoding: .utf8)
        for noticing in [true, false] {
            let daemon = try DaemonProcess(
                arguments: ["--output", "null"] + (noticing ? [] : ["--spoken-notices", "off"]),
                environment: ["XDG_CONFIG_HOME": settings.path])
            defer { _ = daemon.stop() }
            let client = try daemon.client()
            // `qaa` is a private-use language: espeak-ng has no voice for it, English speaks.
            try client.send(Request.hello(client: "Game", locale: "qaa", profile: nil).line)
            _ = try client.readLine()
            var texts: [String] = []
            for word in ["Hej.", "Igen."] {
                try client.send(Request.say(.init(.text(word))).line)
                let reply = try DaemonLine.parse(try #require(try client.readLine()))
                guard case .reply(.announcement(let announcement)) = reply else {
                    Issue.record("\(word): \(reply)")
                    continue
                }
                texts.append(announcement.text)
            }
            if noticing {
                #expect(texts.first?.hasPrefix("No voice for this language. Using English") == true, "\(texts)")
                #expect(texts.first?.hasSuffix(". Hej.") == true && texts.last == "Igen.", "\(texts)")
            } else {
                #expect(texts == ["Hej.", "Igen."])
            }
            try client.send(Request.status.line)
            guard case .reply(.status(let status)) = try DaemonLine.parse(try #require(try client.readLine())) else {
                Issue.record("no status")
                continue
            }
            #expect(status.defaults?.spokenNotices == noticing)
            let origin = status.defaults?.origins.first { $0.name == "spoken_notices" }?.value
            #expect(
                origin == (noticing ? settings.path + "/narrator/config:2" : "command line"),
                "\(String(describing: origin))")
        }
    }

    @Test("say with ssml: a good document is spoken, a malformed one is the ssml error")
    func ssmlThroughTheDaemon() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let good = try runNarrator([
            "send", "--socket", daemon.socket, "--wait", "say", "--text",
            #"<speak>One <break time="100ms"/> two.</speak>"#,
            "--ssml", "true",
        ])
        #expect(good.status == 0, "\(good.output)\(good.errors)")
        #expect(good.output.contains(#""event":"finished""#), "\(good.output)")
        let bad = try runNarrator(["send", "--socket", daemon.socket, "say", "--text", "<speak>One", "--ssml", "true"])
        #expect(bad.status == 1)
        #expect(errorCode(String(bad.output.dropLast())) == "ssml", "\(bad.output)")
        #expect(bad.output.contains("<speak> is never closed"), "\(bad.output)")
    }
}

extension Subscriber {
    /// Sends a request whose reply has no id (hello, pause), checking that it was accepted.
    func send(_ line: String, expectingID: Bool) {
        do {
            _ = try send(line)
        } catch {
            Issue.record("\(line): \(error)")
        }
    }
}
