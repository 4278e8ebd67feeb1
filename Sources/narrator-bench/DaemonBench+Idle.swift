import FoundationEssentials
import Glibc
import NarratorSystem
import NarratorTestSupport

extension DaemonBench {
    /// How often an idle `narrator serve --output pulse` wakes, thread by thread, and its memory.
    ///
    /// The real binary plays into a private PulseAudio (recorded, so the phrase is known to have
    /// been heard). One event is spoken and awaited; then the context switches of every thread
    /// (voluntary and involuntary, /proc/PID/task/TID/status) are counted over the first 2.5 s,
    /// while the mixer still holds its PulseAudio stream open, and, from 5 s after the phrase
    /// ended (past the mixer's 3 s idle close), over `seconds`. A thread that sleeps until there
    /// is work switches zero times; a timer shows as one switch per period.
    struct Idle {
        let seconds: Int
        /// The narrator binary to run; the one built next to this benchmark when nil.
        let binary: String?

        func run() async throws {
            let sound = try RecordedPulse()
            defer { sound.stop() }
            let daemon = try SpawnedDaemon(binary: binary, output: "pulse", environment: ["PULSE_SERVER": sound.server])
            daemon.drainLog()
            defer { daemon.stop() }
            let pid = daemon.pid
            let startedRSS = ProcessMemory.residentKiB(of: pid)

            let client = try Client(socket: daemon.socket, subscribe: true)
            let before = sound.recorder.count
            let reply = try client.request(#"{"type":"collision","lives":2}"#).reply
            let outcome = try client.waitForEnd(of: String(try reply.announcement()))
            let finished = ContinuousClock.now
            let heard = sound.recorder.waitForSound(after: before, limit: .seconds(1)) != nil
            print("one event (collision): \(outcome), \(heard ? "heard" : "NOT heard") on the monitor")

            let openStart = ThreadSwitches(of: pid)
            try await Task.sleep(until: finished + .milliseconds(2500))
            let whileOpen = ThreadSwitches(of: pid).since(openStart)
            print("context switches per thread over the 2.5 s after the phrase (stream still open):")
            print(whileOpen.table)

            try await Task.sleep(until: finished + .seconds(5))
            let idleStart = ThreadSwitches(of: pid)
            try await Task.sleep(for: .seconds(seconds))
            let idle = ThreadSwitches(of: pid).since(idleStart)
            print("context switches per thread over \(seconds) s, from 5 s after the phrase (idle):")
            print(idle.table)
            print("total: \(idle.total) in \(seconds) s")
            print(
                "narrator serve RSS: at start \(startedRSS) KiB, idle \(ProcessMemory.residentKiB(of: pid)) KiB "
                    + "(anonymous \(ProcessMemory.anonymousKiB(of: pid)) KiB, file \(ProcessMemory.fileBackedKiB(of: pid)) KiB), "
                    + "VmHWM \(ProcessMemory.peakKiB(of: pid)) KiB")
        }
    }

    /// Voluntary and involuntary context switches of every thread of a process, by thread ID.
    struct ThreadSwitches {
        struct Thread {
            var name: String
            var voluntary: Int
            var involuntary: Int
        }

        var threads: [Int: Thread] = [:]

        init(of pid: Int32) {
            let folder = "/proc/\(pid)/task"
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                guard let tid = Int(entry), let status = Self.read(folder + "/\(entry)/status") else { continue }
                var thread = Thread(name: "?", voluntary: 0, involuntary: 0)
                for line in status.split(separator: "\n") {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    let value = parts[1].trimmingPrefix(while: { $0 == " " || $0 == "\t" })
                    switch parts[0] {
                    case "Name": thread.name = String(value)
                    case "voluntary_ctxt_switches": thread.voluntary = Int(value) ?? 0
                    case "nonvoluntary_ctxt_switches": thread.involuntary = Int(value) ?? 0
                    default: break
                    }
                }
                threads[tid] = thread
            }
        }

        private init(threads: [Int: Thread]) { self.threads = threads }

        /// The switches since `earlier`; a thread that started meanwhile counts from zero, one that
        /// ended is left out.
        func since(_ earlier: ThreadSwitches) -> ThreadSwitches {
            var difference: [Int: Thread] = [:]
            for (tid, thread) in threads {
                let before = earlier.threads[tid]
                difference[tid] = Thread(
                    name: thread.name, voluntary: thread.voluntary - (before?.voluntary ?? 0),
                    involuntary: thread.involuntary - (before?.involuntary ?? 0))
            }
            return ThreadSwitches(threads: difference)
        }

        var total: Int { threads.values.reduce(0) { $0 + $1.voluntary + $1.involuntary } }

        /// One line per thread, by thread ID: `  TID name: voluntary V, involuntary I`.
        var table: String {
            threads.keys.sorted().map { tid in
                let thread = threads[tid]!
                return "  \(tid) \(thread.name): voluntary \(thread.voluntary), involuntary \(thread.involuntary)"
            }.joined(separator: "\n")
        }

        /// A /proc file (its size reads as 0, so it is read until the end).
        private static func read(_ path: String) -> String? {
            guard let descriptor = try? FileDescriptor.open(path, flags: O_RDONLY | O_CLOEXEC) else { return nil }
            defer { FileDescriptor.close(descriptor) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                guard let count = try? FileDescriptor.read(descriptor, into: &buffer), count > 0 else { break }
                bytes.append(contentsOf: buffer[0..<count])
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
