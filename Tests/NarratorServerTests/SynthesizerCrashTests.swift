import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// The daemon's synthesis child crashed, killed or stopped mid-phrase: real `narrator serve` on a
/// private PulseAudio, the child found among the daemon's children and signalled by PID, outcomes
/// read from notifications and sound from the null sink's monitor.
@Suite("A synthesizer that crashes or hangs costs one announcement", .serialized)
struct SynthesizerCrashTests {
    /// The pids of `daemon`'s children (every thread's: the speech thread starts the child).
    static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return list.split(separator: " ").compactMap { Int32($0) }
        }
    }

    @Test(
        "SIGKILL, SIGSEGV or SIGSTOP to the child mid-phrase: clients are answered at once, that phrase fails, the next is heard",
        arguments: [SIGKILL, SIGSEGV, SIGSTOP])
    func childLost(signal: Int32) throws {
        let sound = try RecordedPulse()
        defer { sound.stop() }
        let recorder = sound.recorder
        // A stopped child is taken as hung after 16 s here (3 s by default), so that "answered at
        // once" can allow 8 s for a reply on a loaded machine and still fail if replies wait for it
        // (in the full suite on two cores, a reply has taken over 4 s).
        let daemon = try sound.daemon(["--synthesizer-hang-limit", "16"])
        defer { _ = daemon.stop() }
        #expect(daemon.waitForLog("sandboxed process"))
        let listener = try Subscriber(daemon)
        let before = recorder.count
        // Longer than the 10 s of speech the mixer takes ahead, so the child is still speaking it
        // when it is signalled: a phrase wholly synthesized before that would be heard whole.
        let sentence =
            "This sentence is long on purpose. It keeps the narrator busy for a while. "
            + "Meanwhile other announcements arrive. Some of them are more urgent than this one."
        let text = [String](repeating: sentence, count: 3).joined(separator: " ")
        let long = try listener.send(#"{"type":"say","text":"\#(text)"}"#)
        try listener.waitFor("started", long)
        #expect(recorder.waitForSound(after: before) != nil, "the long text was not heard")

        let children = Self.children(of: daemon.pid)
        let child = try #require(children.first, "the daemon has no synthesis child")
        #expect(children.count == 1)
        kill(child, signal)
        // Every client is answered in its usual time while the synthesizer is lost.
        let quick = try daemon.client()
        quick.setReadTimeout(.seconds(8))  // half the 16 s a stopped child is given
        for _ in 0..<5 {
            try quick.send(#"{"type":"status"}"#)
            #expect(try quick.readLine()?.contains("\"ok\":true") == true)
        }
        let failed = try listener.waitFor("failed", long)
        #expect((failed["reason"] as? String)?.contains("synthesizer") == true, "\(failed)")
        #expect(
            listener.outcomes(of: long).filter { ["finished", "failed", "interrupted"].contains($0) } == ["failed"])

        let quiet = try #require(recorder.waitForSilence(after: recorder.count, length: 2205))
        let next = try listener.send(#"{"type":"say","text":"Still here."}"#)
        try listener.waitFor("finished", next)
        #expect(recorder.waitForSound(after: quiet) != nil, "the next phrase was not heard")
        let log = daemon.logText
        // The loss is logged once, with the text's length and language; the announcement's own
        // failure line follows, as for any announcement that fails.
        #expect(log.components(separatedBy: "A new one speaks the next").count == 2, "\(log)")
        #expect(log.contains("failed while speaking \(text.utf8.count) bytes of "), "\(log)")
        #expect(!log.contains("long on purpose"), "the log shows the text")
        let now = Self.children(of: daemon.pid)
        #expect(now.count == 1 && now.first != child)
    }

    @Test("The child ends with the daemon, even one killed outright")
    func endsWithDaemon() throws {
        let daemon = try DaemonProcess()
        let child = try #require(Self.children(of: daemon.pid).first)
        daemon.signal(SIGKILL)
        _ = daemon.waitForExit()
        _ = daemon.stop()
        // The child's PR_SET_PDEATHSIG: gone (or a zombie waiting for init) within moments.
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline && Self.isRunning(child) { usleep(10_000) }
        #expect(!Self.isRunning(child))
    }

    private static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !stat.contains(") Z ")
    }
}
