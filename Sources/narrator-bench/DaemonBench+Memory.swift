import FoundationEssentials
import NarratorSystem
import NarratorTestSupport

extension DaemonBench {
    /// `narrator serve` at rest, with libespeak-ng in its own process (`--speech-in-process`, as
    /// before issue 21) and in its sandboxed child: proportional set size (PSS, shared pages split
    /// among the processes that map them) of the daemon and of its child, after it spoke one phrase
    /// in each of a few languages and rested 2 s.
    struct Memory {
        let binary: String?
        let rounds: Int

        func run() throws {
            for round in 1...rounds {
                for inProcess in [true, false] {
                    let daemon = try SpawnedDaemon(binary: binary, arguments: inProcess ? ["--speech-in-process"] : [])
                    defer { daemon.stop() }
                    daemon.drainLog()
                    for locale in ["en", "pl", "de", "zh-Hans"] {
                        let client = try Client(socket: daemon.socket, subscribe: true)
                        _ = try client.request(#"{"type":"hello","client":"memory","locale":"\#(locale)"}"#)
                        let id = try client.request(#"{"type":"collision","lives":2}"#).reply.announcement()
                        try client.waitForEnd(of: String(id))
                    }
                    SystemClock.sleep(for: .seconds(2))
                    let children = Self.children(of: daemon.pid)
                    let own = Self.pssKiB(daemon.pid)
                    let theirs = children.map(Self.pssKiB).reduce(0, +)
                    let label = inProcess ? "in-process (before)" : "child (after)     "
                    print(
                        "round \(round) \(label): daemon PSS \(own) KiB + child PSS \(theirs) KiB = \(own + theirs) KiB"
                            + " (daemon RSS \(Self.field("Rss:", daemon.pid)) KiB, child RSS "
                            + "\(children.map { Self.field("Rss:", $0) }.reduce(0, +)) KiB)")
                }
            }
        }

        static func pssKiB(_ pid: Int32) -> Int { field("Pss:", pid) }

        /// A field of /proc/PID/smaps_rollup, in KiB.
        static func field(_ name: String, _ pid: Int32) -> Int {
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/smaps_rollup") else { return 0 }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix(name) {
                return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
            }
            return 0
        }

        /// The children of every thread of `pid`.
        static func children(of pid: Int32) -> [Int32] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            return tasks.flatMap { task -> [Int32] in
                guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/task/\(task)/children") else {
                    return []
                }
                return String(decoding: data, as: UTF8.self).split(separator: " ").compactMap { Int32($0) }
            }
        }
    }
}
