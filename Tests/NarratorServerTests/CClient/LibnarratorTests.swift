import Foundation
import NarratorTestSupport
import Testing

/// libnarrator, the C client (clients/c, docs/CLIENT-C.md), over a real `narrator serve` playing into
/// a private PulseAudio whose monitor is recorded. The C programs of clients/c/tests print one line
/// per fact; these tests read them as they come and act on them (kill the daemon, start it).
@Suite("libnarrator: the C client", .serialized)
final class LibnarratorTests {
    let sound: RecordedPulse
    var recorder: MonitorRecorder { sound.recorder }
    let programs: String

    init() throws {
        programs = try Libnarrator.programs()
        sound = try RecordedPulse()
    }

    /// A daemon speaking into the private PulseAudio, on `socket` when given.
    func speakingDaemon(socket: String? = nil) throws -> DaemonProcess {
        try sound.daemon(socket: socket)
    }

    /// The `key=value` words of a line the program printed.
    func pairs(_ line: CProgram.Line?) -> [String: String] {
        var found: [String: String] = [:]
        for word in (line?.text ?? "").split(separator: " ") {
            let parts = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { found[String(parts[0])] = String(parts[1]) }
        }
        return found
    }

    @Test("heard in order; a high one interrupts; a cancel by id takes that one; every outcome has its id")
    func speaksInterruptsAndCancels() throws {
        let daemon = try speakingDaemon()
        defer { _ = daemon.stop() }
        let program = try CProgram(programs + "/outcomes", [daemon.socket], recorder: recorder)
        let done = program.waitForLine("done")
        #expect(program.finish() == 0 && done?.text == "done", "\(program.transcript)")
        let lines = program.output

        // In order: each of the three starts after the one before finished, and each is heard
        // between its start and the next one's.
        let starts = (1...3).compactMap { id in lines.first { $0.text.hasPrefix("event started id=\(id) ") } }
        let finishes = (1...3).compactMap { id in lines.firstIndex { $0.text.hasPrefix("event finished id=\(id) ") } }
        try #require(starts.count == 3 && finishes.count == 3, "\(program.transcript)")
        #expect(finishes == finishes.sorted(), "\(program.transcript)")
        let phase = try #require(lines.first { $0.text == "phase order" })
        let windows = [starts[0].samples, starts[1].samples, starts[2].samples, phase.samples]
        for index in 0..<3 {
            let heard = recorder.waitForSound(after: windows[index])
            #expect(
                heard.map { $0 < windows[index + 1] } == true,
                "announcement \(index + 1) was not heard between its start and the next (\(windows))")
        }

        let text = Set(lines.map(\.text))
        #expect(text.contains("cut interrupted by=5 urgent=5"), "\(program.transcript)")
        #expect(text.contains("old cancelled") && text.contains("fresh finished"), "\(program.transcript)")
        #expect(text.contains("waiting cancelled") && text.contains("speaking cancelled"), "\(program.transcript)")
        #expect(text.contains("after finished"), "\(program.transcript)")
        #expect(text.contains("cancel-ended 12"), "an ended id is unknown (NARRATOR_E_UNKNOWN_ID)")
        #expect(text.contains("waiting-event cancelled") && text.contains("high cancelled"), "\(program.transcript)")
        #expect(text.contains("hasty cancelled") && text.contains("kept finished"), "\(program.transcript)")
        #expect(text.contains("crash finished") && text.contains("quiet silent"), "\(program.transcript)")
        #expect(text.contains("unknown refused unknown_event"), "\(program.transcript)")

        // Every outcome of a library id names one daemon id, and that is the announcement of the
        // text said under it, as the daemon's own history has it.
        let history = try daemon.request(#"{"type":"history","all_clients":true}"#)
        let spoken = Dictionary(
            ((fields(history)["history"] as? [[String: Any]]) ?? []).compactMap { entry in
                (entry["id"] as? String).map { ($0, entry["text"] as? String ?? "") }
            }, uniquingKeysWith: { first, _ in first })
        var daemonIDs: [String: Set<String>] = [:]
        for line in lines where line.text.hasPrefix("event ") {
            let found = pairs(line)
            if let id = found["id"], id != "0", let daemonID = found["daemon"], daemonID != "0" {
                daemonIDs[id, default: []].insert(daemonID)
            }
        }
        for line in lines where line.text.hasPrefix("said ") {
            let words = line.text.split(separator: " ", maxSplits: 2).map(String.init)
            let mapped = daemonIDs[words[1]] ?? []
            // Cancelled before it left the library, it never had a daemon id.
            if mapped.isEmpty, lines.contains(where: { $0.text.hasPrefix("event cancelled id=\(words[1]) daemon=0 ") })
            {
                continue
            }
            #expect(mapped.count == 1, "library id \(words[1]) maps to daemon ids \(mapped)")
            if let daemonID = mapped.first { #expect(spoken[daemonID] == words[2], "id \(words[1]) is \(daemonID)") }
        }
    }

    @Test("the daemon killed and started again mid-game: the game is told, held speech is said, and speech goes on")
    func survivesARestart() throws {
        let first = try speakingDaemon()
        defer { _ = first.stop() }
        let program = try CProgram(programs + "/reconnect", [first.socket, "restart"], recorder: recorder)
        try #require(program.waitForLine("kill-now")?.text == "kill-now", "\(program.transcript)")
        first.signal(SIGKILL)
        try #require(first.waitForExit() != nil, "the daemon did not die")
        #expect(program.waitForLine("cut ")?.text == "cut failed error=8", "\(program.transcript)")
        #expect(program.waitForLine("told disconnected")?.text.hasPrefix("told disconnected error=8") == true)
        // Said while no daemon runs: held until the next one answers hello.
        #expect(program.waitForLine("said 3 ")?.text == "said 3 Said while no narrator runs.", "\(program.transcript)")
        let restart = recorder.count
        let second = try speakingDaemon(socket: first.socket)
        defer { _ = second.stop() }
        #expect(program.waitForLine("told connected")?.text == "told connected state=1", "\(program.transcript)")
        #expect(program.waitForLine("held ")?.text.hasPrefix("held finished") == true, "\(program.transcript)")
        #expect(program.waitForLine("after ")?.text == "after finished", "\(program.transcript)")
        #expect(program.finish() == 0, "\(program.transcript)")
        #expect(recorder.waitForSound(after: restart) != nil, "nothing was heard from the new daemon")
    }

    @Test("no daemon at open: the game is told it is absent, then told when it appears, and what it said waits")
    func daemonAbsentAtOpen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "narrator-c-\(UUID().uuidString.prefix(8))"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/narrator.sock"
        let program = try CProgram(programs + "/reconnect", [socket, "absent"], recorder: recorder)
        #expect(program.waitForLine("opened")?.text == "opened connected=0", "\(program.transcript)")
        #expect(program.waitForLine("told absent")?.text == "told absent error=5", "\(program.transcript)")
        try #require(program.waitForLine("start-now")?.text == "start-now", "\(program.transcript)")
        let start = recorder.count
        let daemon = try speakingDaemon(socket: socket)
        defer { _ = daemon.stop() }
        #expect(program.waitForLine("told connected")?.text == "told connected", "\(program.transcript)")
        #expect(program.waitForLine("early ")?.text == "early finished", "\(program.transcript)")
        #expect(program.finish() == 0, "\(program.transcript)")
        #expect(recorder.waitForSound(after: start) != nil, "what was said before the daemon started was not heard")
    }

    @Test(
        "a cancel by id at every moment: in the outbox it is never sent, before the reply it follows it by the daemon's id, after an end it is untold"
    )
    func cancelAtEveryMoment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "narrator-c-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ChildProcess.run(programs + "/early_cancel", [folder + "/scripted.sock"], limit: .seconds(60))
        #expect(run.status == 0 && run.output.hasSuffix("done\n"), "\(run.output)\n\(run.errors)")
        for fact in [
            "unsent cancelled", "in-flight cancelled", "event cancelled", "race untold", "ended-id 12", "play 11",
        ] {
            #expect(run.output.contains("\n\(fact)\n"), "\(fact): \(run.output)")
        }
    }

    @Test("many threads say things on one handle at once: every id is distinct and ends exactly once")
    func manyThreads() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let program = try CProgram(programs + "/threads", [daemon.socket])
        let summary = pairs(program.waitForLine("threads"))
        #expect(program.finish() == 0, "\(program.transcript)")
        #expect(summary["total"] == "320" && summary["distinct"] == "320", "\(program.transcript)")
        #expect(summary["ended"] == "320" && summary["twice"] == "0", "\(program.transcript)")
        let refused = Int(summary["refused"] ?? "") ?? -1
        let cancelled = Int(summary["cancelled"] ?? "") ?? -1
        // The daemon keeps 32 of one client's announcements waiting; the rest are refused (`limit`).
        #expect(cancelled == 32 && refused + cancelled == 320, "\(program.transcript)")
    }

    @Test("a game that never polls: the ring keeps the newest events, drops and counts the rest, and memory stays flat")
    func neverPolls() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let program = try CProgram(programs + "/never_polls", [daemon.socket])
        let summary = pairs(program.waitForLine("never-polls"))
        #expect(program.finish() == 0, "\(program.transcript)")
        #expect(summary["sent"] == "2200" && summary["dropped"] == "2184", "\(program.transcript)")
        #expect(summary["kept"] == "16" && summary["silent"] == "16", "\(program.transcript)")
        #expect(summary["first-dropped"] == "2184", "\(program.transcript)")
        let growth = Int(summary["heap-growth"] ?? "") ?? .max
        #expect(growth < 16_384, "the heap grew by \(growth) bytes over 2000 events nobody polled")
    }

    @Test("NULL, invalid UTF-8, oversized text, a full queue are refused; held speech fails, told, never lost")
    func refusals() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "narrator-c-\(UUID().uuidString.prefix(8))"
        ).path
        let run = try ChildProcess.run(programs + "/refusals", [folder + "/none.sock"], limit: .seconds(60))
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        var refusals: [String: String] = [:]
        for line in run.output.split(separator: "\n") where line.hasPrefix("refuse ") {
            let words = line.split(separator: " ")
            refusals[String(words[1])] = String(words[2])
        }
        // narrator_error: 1 invalid argument, 2 invalid UTF-8, 3 too long, 4 queue full, 5 disconnected,
        // 12 unknown id.
        let expected = [
            "null-handle": "1", "null-text": "1", "empty-text": "1", "invalid-utf8": "2", "overlong-utf8": "2",
            "surrogate-utf8": "2", "text-too-long": "3", "line-too-long": "3", "bad-scope": "1", "bad-pan": "1",
            "bad-priority": "1", "bad-fields": "1", "fields-not-object": "1", "fields-two-values": "1",
            "null-type": "1", "bad-rate": "1", "unknown-id": "12", "queue-full": "4", "hold-zero": "5",
            "long-path": "3", "room-after-cancel": "0",
        ]
        #expect(refusals == expected, "\(run.output)")
        // Cancelled while held for a narrator: taken out of the queue, never sent, told.
        #expect(run.output.contains("held-cancelled cancelled daemon=0\n"), "\(run.output)")
        #expect(run.output.contains("id-after-refusal 0\n"))
        #expect(run.output.contains("held-out failed error=5\n"), "\(run.output)")
        // With a callback, events come to it on the library's thread, and none to the ring.
        #expect(
            run.output.contains("callback disconnected=1 failed=1 same-id=1 on-library-thread=1\n"),
            "\(run.output)")
        #expect(run.output.contains("callback ring-empty=1\n"), "\(run.output)")
        #expect(run.output.contains("version 1.0.0 10000\n"), "\(run.output)")
    }

    @Test("the examples build against the installed pkg-config file, and the C race speaks and interrupts")
    func examplesFromTheInstalledLibrary() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "narrator-c-\(UUID().uuidString.prefix(8))"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let prefix = root + "/prefix"
        let examples = root + "/examples"
        try FileManager.default.createDirectory(atPath: examples, withIntermediateDirectories: true)
        let make = try #require(PrivatePulseAudio.findExecutable("make")?.path)
        let installed = try ChildProcess.run(
            make, ["-s", "-C", Libnarrator.folder, "BUILD=" + Libnarrator.build, "install", "PREFIX=" + prefix])
        try #require(installed.status == 0, "\(installed.output)\n\(installed.errors)")
        for name in ["Makefile", "race.c", "header_check.cpp"] {
            try FileManager.default.copyItem(
                atPath: NarratorExecutable.packageRoot + "/examples/c/" + name, toPath: examples + "/" + name)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PKG_CONFIG_PATH"] = prefix + "/lib/pkgconfig"
        let built = try ChildProcess.run(make, ["-C", examples], environment: environment, limit: .seconds(120))
        try #require(built.status == 0, "\(built.output)\n\(built.errors)")
        #expect(built.output.contains("-I\(prefix)/include"), "not built from the installed .pc: \(built.output)")

        let daemon = try speakingDaemon()
        defer { _ = daemon.stop() }
        let start = recorder.count
        let race = try ChildProcess.run(examples + "/race", ["--simulate", "--socket", daemon.socket])
        #expect(race.status == 0, "\(race.output)\n\(race.errors)")
        #expect(race.output.contains("narrator connected (profile retroracing)"), "\(race.output)")
        #expect(race.output.contains("brake as ") && race.output.contains("finished "), "\(race.output)")
        #expect(recorder.waitForSound(after: start) != nil, "the race was not heard")
        let check = try ChildProcess.run(examples + "/header_check", [daemon.socket])
        #expect(check.status == 0 && check.output.contains("from C++: say Success."), "\(check.output)")
    }
}
