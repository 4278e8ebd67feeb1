import Dispatch
import Logging
import NarratorAudio
import NarratorClient
import NarratorSpeech
import NarratorSystem
import Synchronization

extension DaemonBench.Measurement {
    /// One client streams `count` events as fast as it can write them, mostly superseding score
    /// updates, while a second thread reads the replies. Speech is real (the engine synthesizes what
    /// the scheduler lets through) but goes to the null sink.
    ///
    /// Memory is VmRSS sampled every 5000 events, VmHWM at the end, and VmRSS once the daemon has
    /// gone idle again: of this whole process (daemon, engine and the client's two threads), or with
    /// `--spawned` of a `narrator serve` process alone.
    func stream(spawned: Bool) async throws {
        let count = count
        let report: DaemonBench.Streamer.Report
        if spawned {
            let daemon = try DaemonBench.SpawnedDaemon()
            daemon.drainLog()
            defer { daemon.stop() }
            let pid = daemon.pid
            report = try await DaemonBench.onOwnThread {
                try DaemonBench.Streamer.stream(count, to: daemon.socket, memoryOf: pid)
            }
        } else {
            report = try await DaemonBench.InProcessDaemon.with(
                engine: engine, sink: Mixer.null(sampleRate: engine.sampleRate).speech, logger: logger
            ) {
                daemon in
                try await DaemonBench.onOwnThread {
                    try DaemonBench.Streamer.stream(count, to: daemon.socket, memoryOf: nil)
                }
            }
        }
        let seconds = report.elapsed.milliseconds / 1000
        print(
            "\(count) events in \(Distribution.fixed(seconds, 3)) s: \(Int(Double(count) / seconds)) events/s"
        )
        print(
            "replies: \(report.replies) of \(count), \(report.refused) not ok"
                + (report.firstRefusal.map { ": " + $0 } ?? ""))
        print(
            "\(spawned ? "narrator serve" : "this process"): RSS with the daemon started \(report.startedRSS) KiB, "
                + "highest while streaming \(report.samples.max() ?? 0) KiB, after (idle) \(report.idleRSS) KiB, "
                + "VmHWM \(report.peak) KiB")
        print(
            "of which anonymous (RssAnon): started \(report.startedAnonymous) KiB, after \(report.idleAnonymous) KiB"
        )
        print("RSS every 5000 events (KiB): \(report.samples.map(String.init).joined(separator: " "))")
        print("after the stream: \(report.status)")
    }
}

extension DaemonBench {
    /// The client side of the stream: a writer and a reader thread on one connection.
    enum Streamer {
        /// Event `index` of the stream: 18 in 20 are score updates (low, superseding, expiring),
        /// the rest lane changes (low) and crashes (default, cut score talk).
        static func event(_ index: Int) -> String {
            switch index % 20 {
            case 7: #"{"type":"lane_changed","lane":\#(index % 3)}"#
            case 17: #"{"type":"collision","lives":2}"#
            default: #"{"type":"score_changed","score":\#(index * 10)}"#
            }
        }

        struct Report: Sendable {
            /// With the daemon started and one client connected, before the first event.
            var startedRSS = 0
            var startedAnonymous = 0
            var idleAnonymous = 0
            var replies = 0
            var refused = 0
            var firstRefusal: String?
            var elapsed = Duration.zero
            /// VmRSS every 5000 events written.
            var samples: [Int] = []
            var idleRSS = 0
            var peak = 0
            var status = ""
        }

        /// Writes on this thread, reads on another; then waits for the daemon to go quiet.
        static func stream(_ count: Int, to socket: String, memoryOf pid: Int32?) throws -> Report {
            let connection = SharedConnection(try LineClient(path: socket))
            let report = Mutex(
                Report(
                    startedRSS: ProcessMemory.residentKiB(of: pid),
                    startedAnonymous: ProcessMemory.anonymousKiB(of: pid)))
            let done = DispatchSemaphore(value: 0)
            let lastReply = Mutex(ContinuousClock.now)
            DispatchQueue(label: "narrator-bench.replies").async {
                defer { done.signal() }
                for _ in 0..<count {
                    guard let line = try? connection.client.readLine() else { return }
                    let ok = line.hasPrefix(#"{"ok":true"#)
                    report.withLock {
                        $0.replies += 1
                        if !ok {
                            $0.refused += 1
                            if $0.firstRefusal == nil { $0.firstRefusal = line }
                        }
                    }
                }
                lastReply.withLock { $0 = .now }
            }
            let start = ContinuousClock.now
            var samples: [Int] = []
            for index in 0..<count {
                try connection.client.send(event(index))
                if index % 5000 == 4999 { samples.append(ProcessMemory.residentKiB(of: pid)) }
            }
            done.wait()
            var result = report.withLock { $0 }
            result.elapsed = lastReply.withLock { $0 } - start
            result.samples = samples
            result.status = try waitUntilQuiet(socket)
            result.idleRSS = ProcessMemory.residentKiB(of: pid)
            result.idleAnonymous = ProcessMemory.anonymousKiB(of: pid)
            result.peak = ProcessMemory.peakKiB(of: pid)
            return result
        }

        /// A low announcement queued behind everything else: once it has ended, so has all that came
        /// before it. Returns the daemon's status line then.
        private static func waitUntilQuiet(_ socket: String) throws -> String {
            let client = try DaemonBench.Client(socket: socket, subscribe: true)
            let last = try client.request(#"{"type":"say","text":"Done.","priority":"low"}"#).reply
            try client.waitForEnd(of: String(try last.announcement()))
            return try client.request(#"{"type":"status"}"#).reply.line
        }
    }

    /// One connection written by one thread and read by another. LineClient's `send` touches only
    /// the descriptor and `readLine` only its own buffer, so the two may run at once.
    private struct SharedConnection: @unchecked Sendable {
        let client: LineClient
        init(_ client: LineClient) { self.client = client }
    }
}
