import Foundation
import NarratorTestSupport
import Testing

extension WineUnderWine {
    /// The DLL under real Wine against clients/wine/tests/fake_door.py, the stand-in that plays the
    /// door's contract and logs every line it receives: what a listener would have heard, checked by
    /// check_log.py (the table's `log` checks), and the parts that need no daemon (the JSON code alone,
    /// the window in a process that has one, the door file found under `XDG_RUNTIME_DIR`).
    @Suite("Windows games under Wine: the DLL's own checks", .serialized)
    struct WineStandInTests {
        let wine: WineHarness.Setup

        init() throws {
            wine = try WineHarness.setUp()
        }

        /// The stand-in, writing its door file at `door`, its log at `log`; ready once it says so.
        final class StandIn {
            let child: ChildProcess

            init(door: String, log: String? = nil) throws {
                let python = try #require(PrivatePulseAudio.findExecutable("python3")?.path, "python3 is missing")
                child = try ChildProcess(
                    executable: python,
                    arguments: [WineRuleTableTests.tests + "/fake_door.py", "--door", door]
                        + (log.map { ["--log", $0] } ?? []),
                    environment: ProcessInfo.processInfo.environment, captureErrors: true)
                var said = ""
                while !said.contains("fake door ready") {
                    let bytes = child.read()
                    guard !bytes.isEmpty else { throw WineHarness.Failure(description: "fake_door.py ended: \(said)") }
                    said += String(decoding: bytes, as: UTF8.self)
                }
            }

            deinit { _ = child.stop() }
        }

        static func folder() throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "narrator-standin-\(UUID().uuidString.prefix(8))"
            ).path
            try FileManager.default.createDirectory(atPath: path + "/narrator", withIntermediateDirectories: true)
            return path
        }

        @Test("What the DLL sends, as the stand-in logged it: names, priorities, interrupts, marks, escapes, limits")
        func whatTheDoorHears() throws {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let door = folder + "/narrator/wine-door"
            let standIn = try StandIn(door: door, log: folder + "/log.jsonl")
            let (loader, program) = try #require(wine.tester("x86_64"))
            let tester = try CProgram(loader, [program, "full"], environment: wine.environment(door: door))
            #expect(tester.finish(within: .seconds(150)) == 0, "\(tester.transcript)")
            _ = standIn.child.stop()
            let python = try #require(PrivatePulseAudio.findExecutable("python3")?.path)
            let checked = try ChildProcess.run(
                python, [WineRuleTableTests.tests + "/check_log.py", folder + "/log.jsonl"])
            #expect(checked.status == 0, "\(checked.output)")
            #expect(checked.output.split(separator: "\n").allSatisfy { $0.contains(" ok") }, "\(checked.output)")
        }

        @Test("The JSON code alone, every check")
        func json() throws {
            let run = try ChildProcess.run(
                wine.wine64, [wine.build + "/x86_64/json_test.exe"], environment: wine.environment(door: "/nonexistent")
            )
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("check ") && !run.output.contains("FAIL"), "\(run.output)")
        }

        @Test("In a game that has its own window, Tolk's window exists within milliseconds of loading")
        func window() throws {
            let (loader, program) = try #require(wine.tester("x86_64"))
            let tester = try CProgram(loader, [program, "window"], environment: wine.environment(door: "/nonexistent"))
            #expect(tester.finish() == 0, "\(tester.transcript)")
            #expect(tester.output.contains { $0.text.hasPrefix("step window") && $0.text.contains(" ok") })
        }

        @Test("Without NARRATOR_WINE_DOOR the door file is found in $XDG_RUNTIME_DIR/narrator")
        func foundUnderTheRuntimeFolder() throws {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let standIn = try StandIn(door: folder + "/narrator/wine-door")
            var environment = wine.environment(door: "")
            environment.removeValue(forKey: "NARRATOR_WINE_DOOR")
            environment["XDG_RUNTIME_DIR"] = folder
            let (loader, program) = try #require(wine.tester("x86_64"))
            let tester = try CProgram(loader, [program, "ready"], environment: environment)
            #expect(tester.finish() == 0, "\(tester.transcript)")
            withExtendedLifetime(standIn) {}
        }
    }
}
