import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// `narrator serve --speech speechd` end to end: the real daemon speaking through a private
/// speech-dispatcher (espeak-ng module) into a private PulseAudio, its earcons through its own output
/// into the same server; outcomes from the notification stream, sound from the null sink's monitor.
@Suite("Speaking through speech-dispatcher", .serialized)
struct SpeechDispatcherDaemonTests {
    @Test("An announcement is heard through speech-dispatcher, with no fallback")
    func heard() throws {
        try withDispatcher { daemon, recorder in
            let listener = try Subscriber(daemon)
            let before = recorder.count
            let id = try listener.send(#"{"type":"collision","lives":2}"#)
            try listener.waitFor("finished", id)
            #expect(listener.outcomes(of: id) == ["queued", "started", "finished"])
            #expect(recorder.waitForSound(after: before) != nil, "nothing was heard")
            #expect(!daemon.logText.contains("espeak-ng instead"))
        }
    }

    @Test("Cut by a high announcement, a resumable one is suspended at its sentence and resumes there")
    func cutAndResumed() throws {
        try withDispatcher { daemon, recorder in
            let listener = try Subscriber(daemon)
            let before = recorder.count
            let text =
                "This sentence is long on purpose. It keeps the narrator busy for a while. "
                + "Meanwhile other announcements arrive."
            let long = try listener.send(#"{"type":"say","text":"\#(text)","resume":true}"#)
            try listener.waitFor("started", long)
            let onset = try #require(recorder.waitForSound(after: before), "the long text was not heard")
            // 2.5 s of it: into the second sentence (the first takes about 2 s).
            #expect(recorder.waitForSamples(onset + recorder.sampleRate * 5 / 2))
            let warning = try listener.send(#"{"type":"level_change_imminent","active":true}"#)
            let suspended = try listener.waitFor("suspended", long)
            #expect(suspended["by"] as? String == warning || suspended["by"] == nil)
            try listener.waitFor("finished", warning)
            let resumed = try listener.waitFor("resumed", long)
            let position = try #require(suspended["position"] as? Int)
            #expect([34, 74].contains(position), "suspended at \(position), not at a sentence after the first")
            #expect(resumed["position"] as? Int == position)
            let resumedAt = recorder.count
            try listener.waitFor("finished", long)
            #expect(recorder.waitForSound(after: resumedAt) != nil, "the rest was not heard")
            #expect(listener.outcomes(of: long) == ["queued", "started", "suspended", "resumed", "finished"])
        }
    }

    @Test("Earcons play through Narrator's own output while speech-dispatcher speaks")
    func earconBesideSpeech() throws {
        try withDispatcher { daemon, recorder in
            let listener = try Subscriber(daemon)
            let before = recorder.count
            let long = try listener.send(PriorityTests.longSay())
            try listener.waitFor("started", long)
            let onset = try #require(recorder.waitForSound(after: before), "the speech was not heard")
            #expect(recorder.waitForSamples(onset + recorder.sampleRate))
            let speechOnly = recorder.samples(in: onset..<recorder.count)
            let playedAt = recorder.count
            let client = try daemon.client()
            try client.send(#"{"type":"play","sound":"lane_chord","left":true,"middle":true,"right":true}"#)
            #expect(fields(try #require(try client.readLine()))["ok"] as? Bool == true)
            #expect(recorder.waitForSamples(playedAt + recorder.sampleRate / 2))
            let withEarcon = recorder.samples(in: playedAt..<(playedAt + recorder.sampleRate / 2))
            // C5, E5 and G5 together for 70 ms: all three strong in one 40 ms window after the play.
            // Speech at full scale can have one of them as strong, hardly all three at once.
            let earcon = Self.chordPeak(in: withEarcon)
            let speech = Self.chordPeak(in: speechOnly)
            #expect(
                earcon > 1000 && earcon > 3 * speech, "the chord at \(earcon) after the play, \(speech) in speech alone"
            )
            #expect(!listener.outcomes(of: long).contains("interrupted"))
        }
    }

    @Test("No speech-dispatcher answers: it says so once and speaks with espeak-ng, heard")
    func fallback() throws {
        let sound = try RecordedPulse()
        defer { sound.stop() }
        let (pulse, recorder) = (sound.pulse, sound.recorder)
        let nowhere = try PrivatePulseAudio.newFolder()
        defer { try? FileManager.default.removeItem(at: nowhere) }
        let daemon = try DaemonProcess(
            arguments: ["--speech", "speechd", "--output", "pulse"],
            environment: [
                "PULSE_SERVER": pulse.server, "SPEECHD_ADDRESS": "unix_socket:\(nowhere.path)/speechd.sock",
                "SPEECHD_CMD": "/nonexistent/speech-dispatcher",
            ])
        defer { _ = daemon.stop() }
        let listener = try Subscriber(daemon)
        let before = recorder.count
        for text in ["First.", "Second."] {
            let id = try listener.send(#"{"type":"say","text":"\#(text)"}"#)
            try listener.waitFor("finished", id)
        }
        #expect(recorder.waitForSound(after: before) != nil, "espeak-ng was not heard")
        let said = daemon.logText.components(separatedBy: "narrator: No speech-dispatcher answered").count - 1
        #expect(said == 1, "\(daemon.logText)")
        #expect(daemon.logText.contains("Speaking with espeak-ng instead."))
    }

    /// The strongest `frequency` over 20 ms windows, 5 ms apart.
    /// The strongest 40 ms window for the weakest of C5, E5 and G5: a chord of the three lanes.
    static func chordPeak(in samples: [Int16]) -> Double {
        stride(from: 0, to: max(0, samples.count - 882), by: 110).map { start in
            [523.25, 659.26, 783.99].map {
                Goertzel.amplitude(
                    of: $0, in: samples[start..<(start + 882)], sampleRate: Double(PrivatePulseAudio.sampleRate))
            }.min() ?? 0
        }.max() ?? 0
    }

    /// A private PulseAudio with a warm recorder, a private speech-dispatcher playing into it, and a
    /// daemon speaking through that speech-dispatcher (and playing earcons into the same server).
    private func withDispatcher(_ body: (DaemonProcess, MonitorRecorder) throws -> Void) throws {
        let sound = try RecordedPulse()
        defer { sound.stop() }
        let (pulse, recorder) = (sound.pulse, sound.recorder)
        let dispatcher = try PrivateSpeechDispatcher.start(playingInto: pulse)
        defer { dispatcher.stop() }
        var environment = dispatcher.clientEnvironment
        environment["PULSE_SERVER"] = pulse.server
        let daemon = try DaemonProcess(
            arguments: ["--speech", "speechd", "--output", "pulse"], environment: environment)
        defer { _ = daemon.stop() }
        try body(daemon, recorder)
    }
}
