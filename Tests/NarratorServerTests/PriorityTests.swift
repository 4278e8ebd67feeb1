import Foundation
import NarratorTestSupport
import Testing

/// The priority rules of docs/PRIORITIES.md observed end to end: real daemon, real engine, real
/// playback through a private PulseAudio (so speech takes real time), outcomes read from the
/// notification stream and the sound from the null sink's monitor.
@Suite("Priorities end to end", .serialized)
struct PriorityTests {
    static let long = "say_long"

    /// ~5 s of default-priority speech.
    static func longSay(priority: String = "default") -> String {
        let text =
            "This sentence is long on purpose. It keeps the narrator busy for a while. "
            + "Meanwhile other announcements arrive. Some of them are more urgent than this one."
        return #"{"type":"say","text":"\#(text)","priority":"\#(priority)"}"#
    }

    @Test("A high announcement cuts default speech at once, and is heard")
    func highInterruptsDefault() throws {
        try withPlayback { daemon, recorder in
            let listener = try Subscriber(daemon)
            let before = recorder.count
            let long = try listener.send(Self.longSay())
            try listener.waitFor("started", long)
            let onset = try #require(recorder.waitForSound(after: before), "the long text was not heard")
            let warning = try listener.send(#"{"type":"level_change_imminent","active":true}"#)
            let cut = try listener.waitFor("interrupted", long)
            #expect(cut["by"] as? String == warning)
            try listener.waitFor("finished", warning)
            #expect(listener.outcomes(of: long) == ["queued", "started", "interrupted"])
            #expect(listener.outcomes(of: warning) == ["queued", "started", "finished"])
            // The recording holds sound after the cut too: the warning was played, not just reported.
            #expect(recorder.waitForSound(after: onset + recorder.sampleRate / 2) != nil)
        }
    }

    @Test("A low announcement waits for the default speech to end, then plays")
    func lowWaits() throws {
        try withPlayback { daemon, _ in
            let listener = try Subscriber(daemon)
            let first = try listener.send(#"{"type":"say","text":"Default words first.","priority":"default"}"#)
            try listener.waitFor("started", first)
            let low = try listener.send(#"{"type":"say","text":"Low words after.","priority":"low"}"#)
            try listener.waitFor("finished", low)
            let order = listener.seen.map { "\($0.event) \($0.id)" }
            let finishedFirst = try #require(order.firstIndex(of: "finished \(first)"))
            let startedLow = try #require(order.firstIndex(of: "started \(low)"))
            #expect(finishedFirst < startedLow, "\(order)")
            #expect(listener.outcomes(of: first) == ["queued", "started", "finished"])
        }
    }

    @Test("Resumable help text is suspended by a high warning and resumes at its sentence")
    func helpResumes() throws {
        try withPlayback { daemon, _ in
            let listener = try Subscriber(daemon)
            let help = try listener.send(#"{"type":"help","action":"open","topic":"intro","section":1,"sections":4}"#)
            try listener.waitFor("started", help)
            let warning = try listener.send(#"{"type":"level_change_imminent","active":true}"#)
            let suspended = try listener.waitFor("suspended", help)
            try listener.waitFor("finished", warning)
            let resumed = try listener.waitFor("resumed", help)
            #expect(resumed["position"] as? Int == suspended["position"] as? Int)
            try listener.waitFor("finished", help)
        }
    }

    @Test("Closing help cancels it while it speaks")
    func helpCloseCancels() throws {
        try withPlayback { daemon, _ in
            let listener = try Subscriber(daemon)
            let help = try listener.send(
                #"{"type":"help","action":"open","topic":"controls","section":2,"sections":4}"#)
            try listener.waitFor("started", help)
            try listener.send(#"{"type":"help","action":"close"}"#)
            try listener.waitFor("cancelled", help)
        }
    }

    @Test("Newer score updates supersede queued ones; an unstarted one expires")
    func supersedeAndExpire() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let listener = try Subscriber(daemon)
        try listener.send(#"{"type":"pause"}"#)
        let first = try listener.send(#"{"type":"score_changed","score":10}"#)
        let second = try listener.send(#"{"type":"score_changed","score":20}"#)
        let third = try listener.send(#"{"type":"score_changed","score":30}"#)
        let replaced = try listener.waitFor("superseded", first)
        #expect(replaced["by"] as? String == second)
        #expect(try listener.waitFor("superseded", second)["by"] as? String == third)
        // Paused, the newest score cannot start: its 1.5 s expiry drops it.
        try listener.waitFor("expired", third)
        try listener.send(#"{"type":"resume"}"#)
        let fresh = try listener.send(#"{"type":"score_changed","score":40}"#)
        try listener.waitFor("finished", fresh)
    }

    /// A private PulseAudio with a warm recorder, and a daemon playing to it.
    private func withPlayback(_ body: (DaemonProcess, MonitorRecorder) throws -> Void) throws {
        let sound = try RecordedPulse()
        defer { sound.stop() }
        let daemon = try sound.daemon()
        defer { _ = daemon.stop() }
        try body(daemon, sound.recorder)
    }
}
