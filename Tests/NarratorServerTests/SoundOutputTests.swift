import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// The daemon's audio output when the sound server fails, stalls or is not there yet: real
/// `narrator serve`, a private PulseAudio killed, stopped and restarted by PID, outcomes read from
/// notifications and sound from the null sink's monitor.
@Suite("Sound that fails, stalls and comes back", .serialized)
struct SoundOutputTests {
    /// A client whose replies must come quickly: a stalled sound server must not delay them.
    private func quickClient(_ daemon: DaemonProcess) throws -> LineClient {
        let client = try daemon.client()
        client.setReadTimeout(.seconds(2))
        return client
    }

    /// A private PulseAudio with a warm recorder, a daemon playing to it, and a subscriber that has
    /// started the long text: `body` runs once that text is heard.
    private func whileSpeakingOnPulse(
        _ body: (PrivatePulseAudio, MonitorRecorder, DaemonProcess, Subscriber, String) throws -> Void
    ) throws {
        let sound = try RecordedPulse()
        defer { sound.stop() }
        let (pulse, recorder) = (sound.pulse, sound.recorder)
        let daemon = try sound.daemon()
        defer { _ = daemon.stop() }
        let listener = try Subscriber(daemon)
        let before = recorder.count
        let long = try listener.send(PriorityTests.longSay())
        try listener.waitFor("started", long)
        #expect(recorder.waitForSound(after: before) != nil, "the long text was not heard")
        try body(pulse, recorder, daemon, listener, long)
    }

    private func outputState(_ daemon: DaemonProcess) throws -> String? {
        let status = fields(try daemon.request(#"{"type":"status"}"#))
        return (status["output"] as? [String: Any])?["state"] as? String
    }

    @Test("The sound server killed mid-phrase: that phrase ends failed, and after a restart the next one is heard")
    func killedAndRestarted() throws {
        try whileSpeakingOnPulse { pulse, recorder, daemon, listener, long in
            recorder.stop()
            pulse.kill()
            let failed = try listener.waitFor("failed", long)
            #expect((failed["reason"] as? String)?.contains("pulse") == true, "\(failed)")
            #expect(!listener.outcomes(of: long).contains("finished"))
            #expect(daemon.waitForLog("No sound:"))
            #expect(try outputState(daemon) == "lost")

            let restarted = try RecordedPulse(in: pulse.runtimeDirectory)
            defer { restarted.stop() }
            let again = restarted.recorder
            let start = again.count
            let next = try listener.send(#"{"type":"say","text":"Sound is back."}"#)
            try listener.waitFor("finished", next)
            #expect(again.waitForSound(after: start) != nil, "the phrase after the restart was not heard")
            #expect(daemon.waitForLog("Sound works again"))
            #expect(try outputState(daemon) == "working")
        }
    }

    @Test("Under PipeWire's pulse server too: killed mid-phrase, the phrase fails; restarted, the next one is heard")
    func pipeWireRestarted() throws {
        let pipewire = try PrivatePipeWire.start()
        defer { pipewire.stop() }
        // pw-record reads the sink from PipeWire itself, so the recording outlives the pulse server.
        let recorder = try pipewire.record()
        defer { recorder.stop() }
        let daemon = try DaemonProcess(
            arguments: ["--output", "pulse"], environment: ["PULSE_SERVER": pipewire.server])
        defer { _ = daemon.stop() }
        let listener = try Subscriber(daemon)
        let before = recorder.count
        let long = try listener.send(PriorityTests.longSay())
        try listener.waitFor("started", long)
        #expect(recorder.waitForSound(after: before) != nil, "the phrase was not heard: \(pipewire.diagnostics)")
        pipewire.killPulseServer()
        try listener.waitFor("failed", long)
        #expect(!listener.outcomes(of: long).contains("finished"))
        #expect(try outputState(daemon) == "lost")

        try pipewire.restartPulseServer()
        let quiet = try #require(recorder.waitForSilence(after: recorder.count, length: 2205))
        let next = try listener.send(#"{"type":"say","text":"Sound is back."}"#)
        try listener.waitFor("finished", next)
        #expect(recorder.waitForSound(after: quiet) != nil, "not heard after the restart: \(pipewire.diagnostics)")
        #expect(try outputState(daemon) == "working")
    }

    @Test("Started before any sound server: it says so, and once one starts the next phrase is heard")
    func serverStartsLater() throws {
        let folder = try PrivatePulseAudio.newFolder()
        let daemon = try DaemonProcess(
            arguments: ["--output", "pulse"], environment: ["PULSE_SERVER": PrivatePulseAudio.server(in: folder)])
        defer { _ = daemon.stop() }
        #expect(daemon.waitForLog("No sound:"))
        #expect(try outputState(daemon) == "lost")
        let sound = try RecordedPulse(in: folder)
        defer { sound.stop() }
        let recorder = sound.recorder
        let listener = try Subscriber(daemon)
        let before = recorder.count
        let id = try listener.send(#"{"type":"say","text":"Now you hear me."}"#)
        try listener.waitFor("finished", id)
        #expect(recorder.waitForSound(after: before) != nil, "the phrase was not heard")
        #expect(try outputState(daemon) == "working")
    }

    @Test("A stalled sound server delays no reply: status, a cutting announcement and a sound are all answered")
    func stalledServer() throws {
        try whileSpeakingOnPulse { pulse, _, daemon, listener, long in
            pulse.signal(SIGSTOP)
            // Runs before the daemon is stopped (defers run in reverse), so it can exit cleanly.
            defer { pulse.signal(SIGCONT) }
            let client = try quickClient(daemon)
            for request in [
                #"{"type":"status"}"#, #"{"type":"level_change_imminent","active":true}"#,
                #"{"type":"play","sound":"lane_chord","left":true,"middle":false,"right":true}"#,
                #"{"type":"say","text":"Still here.","priority":"high"}"#, #"{"type":"cancel"}"#,
                #"{"type":"status"}"#,
            ] {
                try client.send(request)
                let reply = try #require(
                    try client.readLine(), "no reply to \(request) while the sound server is stalled")
                #expect(fields(reply)["ok"] as? Bool == true, "\(request) -> \(reply)")
            }
            // The cut announcement was reported at once, though the server could not be told.
            try listener.waitFor("interrupted", long)
        }
    }

    @Test("A WAV output that cannot be written: each phrase ends failed, and the loss is logged once")
    func unwritableWAV() throws {
        let daemon = try DaemonProcess(arguments: ["--output", "wav:/dev/full"])
        defer { _ = daemon.stop() }
        let listener = try Subscriber(daemon)
        for text in ["One.", "Two."] {
            let id = try listener.send(#"{"type":"say","text":"\#(text)"}"#)
            let failed = try listener.waitFor("failed", id)
            #expect((failed["reason"] as? String)?.contains("No space left") == true, "\(failed)")
        }
        #expect(daemon.logText.components(separatedBy: "No sound:").count - 1 == 1, "\(daemon.logText)")
    }
}
