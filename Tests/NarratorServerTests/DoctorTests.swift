import Foundation
import NarratorTestSupport
import Testing

/// `narrator doctor` against a real daemon on the private PulseAudio: every check ok on a setup that
/// works, and each broken one named, with exit status 1.
@Suite("narrator doctor", .serialized)
struct DoctorTests {
    /// What a run printed: its exit status and its lines.
    struct Run {
        let status: Int32
        let lines: [Substring]
        let text: String

        /// The line of check `name`, `fix  name: ...` or `ok   name: ...`.
        func line(_ name: String) -> Substring? {
            lines.first { $0.dropFirst(5).hasPrefix(name + ":") }
        }

        func verdict(_ name: String) -> String? {
            line(name).map { String($0.prefix(5).trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// Runs `narrator doctor` on `socket` (no SSIP server where it looks; PULSE_SERVER as given).
    static func doctor(_ socket: String, pulse: String? = nil, _ more: [String] = []) throws -> Run {
        let binary = try #require(NarratorExecutable.path())
        var environment = ProcessInfo.processInfo.environment
        environment["SPEECHD_ADDRESS"] = "unix_socket:/nonexistent/speechd.sock"
        environment["PULSE_SERVER"] = pulse
        let run = try ChildProcess.run(binary, ["doctor", "--socket", socket] + more, environment: environment)
        return Run(status: run.status, lines: run.output.split(separator: "\n"), text: run.output + run.errors)
    }

    static func pactl(_ server: String, _ arguments: [String]) throws {
        let pactl = try #require(PrivatePulseAudio.findExecutable("pactl"), "pactl (pulseaudio-utils) is missing")
        let run = try ChildProcess.run(pactl.path, ["--server=\(server)"] + arguments)
        try #require(run.status == 0, "pactl \(arguments): \(run.errors)")
    }

    /// Speaks one announcement through `narrator send --wait`, so latencies are measured.
    static func speak(_ socket: String) throws {
        let binary = try #require(NarratorExecutable.path())
        let run = try ChildProcess.run(binary, ["send", "--socket", socket, "--wait", "say", "--text", "Ready"])
        try #require(run.status == 0 && run.output.contains("finished"), "\(run.output)\(run.errors)")
    }

    @Test("A working setup: every check ok (or a note), the sink and latencies named, exit 0")
    func healthy() throws {
        let pulse = try RecordedPulse()
        let daemon = try pulse.daemon()
        defer { _ = daemon.stop() }
        try Self.speak(daemon.socket)
        let run = try Self.doctor(daemon.socket, pulse: pulse.pulse.server)
        #expect(run.status == 0, "\(run.text)")
        #expect(!run.lines.contains { $0.hasPrefix("fix") }, "\(run.text)")
        for name in [
            "narrator", "socket", "sound output", "sound server", "sink", "latency", "underruns", "synthesizer",
        ] {
            #expect(run.verdict(name) == "ok", "\(name): \(run.text)")
        }
        #expect(run.line("sink")?.contains("narrator_test") == true, "\(run.text)")
        #expect(run.line("latency")?.contains("heard after") == true, "\(run.text)")
        #expect(run.line("sound server")?.contains(pulse.pulse.server) == true, "\(run.text)")
        #expect(run.verdict("voice for en") == "ok", "\(run.text)")
        #expect(run.verdict("SSIP door") == "--", "\(run.text)")
        let json = try Self.doctor(daemon.socket, pulse: pulse.pulse.server, ["--json"])
        #expect(json.status == 0 && json.text.hasPrefix(#"{"ok":true,"checks":[{"name":"narrator","verdict":"ok""#))
    }

    @Test("No sound server where the narrator plays: the sound server's line says fix")
    func noSoundServer() throws {
        let folder = try PrivatePulseAudio.newFolder()
        let nowhere = "unix:\(folder.path)/no-pulse-here"
        let daemon = try DaemonProcess(arguments: ["--output", "pulse"], environment: ["PULSE_SERVER": nowhere])
        defer { _ = daemon.stop() }
        // This shell's PULSE_SERVER is not the narrator's: the doctor asks the narrator's.
        let pulse = try RecordedPulse()
        let run = try Self.doctor(daemon.socket, pulse: pulse.pulse.server)
        #expect(run.status == 1)
        #expect(run.verdict("sound server") == "fix", "\(run.text)")
        #expect(run.line("sound server")?.contains(nowhere) == true, "\(run.text)")
        #expect(run.line("sink") == nil, "\(run.text)")
    }

    @Test("The private server stopped under a running narrator: the sound server's line says fix")
    func soundServerStopped() throws {
        let pulse = try RecordedPulse()
        let daemon = try pulse.daemon()
        defer { _ = daemon.stop() }
        pulse.recorder.stop()
        pulse.pulse.stop()
        let run = try Self.doctor(daemon.socket, pulse: pulse.pulse.server)
        #expect(run.status == 1)
        #expect(run.verdict("sound server") == "fix", "\(run.text)")
    }

    @Test("A muted sink is named, with the pactl line that unmutes it")
    func mutedSink() throws {
        let pulse = try RecordedPulse()
        let daemon = try pulse.daemon()
        defer { _ = daemon.stop() }
        try Self.pactl(pulse.pulse.server, ["set-sink-mute", pulse.pulse.sinkName, "1"])
        let run = try Self.doctor(daemon.socket, pulse: pulse.pulse.server)
        #expect(run.status == 1)
        #expect(run.verdict("sound server") == "ok", "\(run.text)")
        let sink = try #require(run.line("sink"), "\(run.text)")
        #expect(sink.hasPrefix("fix") && sink.contains("muted"), "\(run.text)")
        #expect(sink.contains("pactl set-sink-mute \(pulse.pulse.sinkName) 0"), "\(run.text)")
    }

    @Test("A suspended sink is named: it plays nothing")
    func suspendedSink() throws {
        let pulse = try RecordedPulse()
        let daemon = try pulse.daemon()
        defer { _ = daemon.stop() }
        try Self.pactl(pulse.pulse.server, ["suspend-sink", pulse.pulse.sinkName, "1"])
        let run = try Self.doctor(daemon.socket, pulse: pulse.pulse.server)
        #expect(run.status == 1)
        let sink = try #require(run.line("sink"), "\(run.text)")
        #expect(sink.hasPrefix("fix") && sink.contains("suspended"), "\(run.text)")
        #expect(sink.contains("pactl suspend-sink \(pulse.pulse.sinkName) 0"), "\(run.text)")
    }

    @Test("A configured locale with no voice is named")
    func missingVoice() throws {
        let pulse = try RecordedPulse()
        let daemon = try pulse.daemon(["--locale", "qaa"])
        defer { _ = daemon.stop() }
        let run = try Self.doctor(daemon.socket, pulse: pulse.pulse.server)
        #expect(run.status == 1)
        let voice = try #require(run.line("voice for qaa"), "\(run.text)")
        #expect(voice.hasPrefix("fix") && voice.contains("no voice for qaa"), "\(run.text)")
        #expect(run.lines.filter { $0.hasPrefix("fix") }.count == 1, "\(run.text)")
    }

    @Test("No narrator: one fix line for it, the checks that need it skipped in one line")
    func noNarrator() throws {
        let folder = try PrivatePulseAudio.newFolder()
        let run = try Self.doctor(folder.path + "/narrator.sock")
        #expect(run.status == 1)
        #expect(run.verdict("narrator") == "fix", "\(run.text)")
        #expect(run.line("narrator")?.contains("narrator serve") == true, "\(run.text)")
        #expect(run.lines.filter { $0.hasPrefix("fix") }.count == 1, "\(run.text)")
        #expect(run.verdict("the rest") == "--", "\(run.text)")
        #expect(run.line("sound server") == nil && run.line("latency") == nil, "\(run.text)")
    }
}
