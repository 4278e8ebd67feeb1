import Foundation
import NarratorTestSupport
import Testing

/// libspeechd from C, as Godot and Qt use it, through the narrator's SSIP socket.
@Suite(.serialized) final class LibspeechdTests {
    let daemon: SSIPDaemon

    init() throws {
        daemon = try SSIPDaemon()
    }

    deinit { daemon.stop() }

    @Test func aCProgramSpeaksStopsAndGetsItsCallbacks() throws {
        let program = try LibspeechdProgram.build(in: daemon.folder)
        let start = daemon.recorder.count
        let run = try ChildProcess.run(program, [], environment: daemon.clientEnvironment, limit: .seconds(60))
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(
            run.output.split(separator: "\n").map(String.init) == [
                "begin first", "cancel first", "begin second", "end second",
            ])
        #expect(daemon.recorder.waitForSound(after: start) != nil, "nothing was heard")
        let history = try daemon.history()
        #expect(history.contains { $0.hasPrefix("cancelled") && $0.contains("libspeechd-test: This message") })
        #expect(history.contains { $0.hasPrefix("finished") && $0.contains("libspeechd-test: Short.") })
    }
}
