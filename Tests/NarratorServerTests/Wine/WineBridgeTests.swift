import Foundation
import NarratorTestSupport
import Testing

extension WineUnderWine {
    /// The NVDA controller client DLL (clients/wine) under real Wine, loaded and called as Tolk does by
    /// the tester (clients/wine/tests/tolk_like.c), against a real `narrator serve --wine` playing into
    /// a private PulseAudio whose monitor is recorded. The tester prints one `step NAME rc=… ms=… ok|FAIL`
    /// line per call; these tests act on those lines as they come (stop the daemon, restart it) and
    /// check what the narrator heard and said. docs/WINE.md, rules N1-N19.
    @Suite("Windows games under Wine", .serialized)
    final class WineBridgeTests {
        let wine: WineHarness.Setup
        let sound: RecordedPulse
        var recorder: MonitorRecorder { sound.recorder }

        init() throws {
            wine = try WineHarness.setUp()
            sound = try RecordedPulse()
        }

        /// A daemon with its Wine door, speaking into the private PulseAudio.
        func daemon(socket: String? = nil) throws -> DaemonProcess {
            try sound.daemon(["--wine"], socket: socket)
        }

        /// The tester of `machine` in `mode`, reaching the door of the daemon whose socket is `socket`.
        func tester(_ machine: String, _ arguments: [String], socket: String) throws -> CProgram {
            let (loader, program) = try #require(wine.tester(machine), "no Wine for \(machine)")
            let door = (socket as NSString).deletingLastPathComponent + "/wine-door"
            return try CProgram(
                loader, [program] + arguments, environment: wine.environment(door: door), recorder: recorder)
        }

        /// The steps that failed, by name.
        static func failures(_ program: CProgram) -> [String] {
            program.output.map(\.text).filter { $0.hasPrefix("step ") && $0.contains(" FAIL") }
        }

        @Test(
            "Tolk's way through the DLL under Wine: found, heard, interrupted at once, waited for, marked; bad input refused"
        )
        func tolkSpeaksThroughTheNarrator() throws {
            let daemon = try daemon()
            defer { _ = daemon.stop() }
            let watcher = try OutcomeWatcher(daemon)
            let program = try tester("x86_64", ["full"], socket: daemon.socket)
            let detected = try #require(program.waitForLine("step detect"), "\(program.transcript)")
            #expect(detected.text.contains(" ok"), "Tolk's check (the window and testIfRunning) failed")
            #expect(program.finish(within: .seconds(150)) == 0, "\(program.transcript)")
            #expect(Self.failures(program).isEmpty, "\(program.transcript)")
            // Heard: the first line, through the narrator, on the sound server.
            #expect(recorder.waitForSound(after: detected.samples) != nil, "nothing was heard after the game spoke")
            // Through the narrator, as a client named after the game's executable.
            #expect(watcher.wait(for: "started", text: "Hello from Wine.") != nil)
            let outcomes = watcher.outcomes(of: "tolk_like")
            // Tolk's interrupt (cancelSpeech, then speakText): the line being heard is cut when the new
            // one is queued, and the new one is heard.
            let queued = try #require(
                outcomes.first { $0["event"] as? String == "queued" && $0["text"] as? String == "Interrupted." })
            let cut = try #require(
                outcomes.last {
                    $0["event"] as? String == "cancelled"
                        && ($0["t_ms"] as? Double ?? 0) <= (queued["t_ms"] as? Double ?? 0)
                },
                "no line was cut before the interrupting one: \(outcomes.map { "\($0["event"] ?? "") \($0["text"] ?? "")" })"
            )
            let gap = (queued["t_ms"] as? Double ?? 0) - (cut["t_ms"] as? Double ?? 0)
            #expect(gap < 50, "the old line was cut \(gap) ms before the new one was queued")
            #expect(watcher.wait(for: "finished", text: "Interrupted.") != nil)
            // A synchronous speakSsml was waited for to its end; one at NOW over a long line was heard.
            #expect(watcher.wait(for: "finished", text: "Synchronous line.") != nil)
        }

        @Test("No narrator: Tolk does not detect it, and every call answers at once")
        func absent() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "narrator-wine-absent-\(UUID().uuidString.prefix(8))"
            ).path
            let program = try tester("x86_64", ["absent"], socket: folder + "/narrator.sock")
            #expect(program.finish(within: .seconds(60)) == 0, "\(program.transcript)")
            #expect(Self.failures(program).isEmpty, "\(program.transcript)")
        }

        @Test("The narrator stopped (SIGSTOP): calls stay short, a synchronous call gives up, then it comes back")
        func stopped() throws {
            let daemon = try daemon()
            defer { _ = daemon.stop() }
            let watcher = try OutcomeWatcher(daemon)
            let flag = daemon.folder + "/flag"
            let program = try tester("x86_64", ["stop", Self.windowsPath(flag)], socket: daemon.socket)
            try #require(program.waitForLine("step ready")?.text.contains(" ok") == true, "\(program.transcript)")
            daemon.signal(SIGSTOP)
            _ = FileManager.default.createFile(atPath: flag, contents: nil)
            let stopped = program.waitForLine("step stopped", limit: 30)
            daemon.signal(SIGCONT)
            try #require(stopped != nil, "\(program.transcript)")
            #expect(program.finish(within: .seconds(60)) == 0, "\(program.transcript)")
            #expect(Self.failures(program).isEmpty, "\(program.transcript)")
            #expect(watcher.wait(for: "finished", text: "Back again.") != nil)
        }

        @Test("The narrator restarted mid-game: the DLL finds the new door by itself and is heard")
        func restarted() throws {
            let first = try daemon()
            let socket = first.socket
            let flag = first.folder + "/../flag-\(UUID().uuidString.prefix(8))"
            let program = try tester("x86_64", ["restart", Self.windowsPath(flag)], socket: socket)
            try #require(program.waitForLine("step ready")?.text.contains(" ok") == true, "\(program.transcript)")
            _ = first.stop()
            let second = try daemon(socket: socket)
            defer { _ = second.stop() }
            let watcher = try OutcomeWatcher(second)
            let restart = recorder.count
            _ = FileManager.default.createFile(atPath: flag, contents: nil)
            defer { try? FileManager.default.removeItem(atPath: flag) }
            #expect(program.finish(within: .seconds(60)) == 0, "\(program.transcript)")
            #expect(Self.failures(program).isEmpty, "\(program.transcript)")
            #expect(recorder.waitForSound(after: restart) != nil, "nothing was heard from the new narrator")
            #expect(watcher.wait(for: "finished", text: "Heard by the new narrator.") != nil)
        }

        /// A Unix path as Windows programs under Wine name it, through the Z: drive.
        static func windowsPath(_ path: String) -> String {
            "Z:" + path.replacingOccurrences(of: "/", with: "\\")
        }
    }
}
