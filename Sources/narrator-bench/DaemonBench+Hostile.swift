import Dispatch
import NarratorClient
import NarratorSystem
import Synchronization

extension DaemonBench {
    /// `daemon hostile`: issue 10's scenario against a spawned `narrator serve` (null sink): 40
    /// subscribers to everyone's outcomes that never read, 20 clients that pause themselves and
    /// flood high announcements of 3 kB, and beside them a well-behaved game streaming events and
    /// reading each reply. Reports the daemon's memory (at rest, at peak, after the hostile clients
    /// leave) and the game's reply times.
    struct Hostile {
        let count: Int
        let binary: String?

        func run() throws {
            let daemon = try SpawnedDaemon(binary: binary)
            daemon.drainLog()
            defer { daemon.stop() }
            let game = try Client(socket: daemon.socket, subscribe: false)
            _ = try game.request(#"{"type":"collision","lives":2}"#)
            _ = try game.request(#"{"type":"cancel"}"#)
            let rest = ProcessMemory.residentKiB(of: daemon.pid)
            let restAnonymous = ProcessMemory.anonymousKiB(of: daemon.pid)
            // Released (and so closed) once the flood is over.
            var silent: [LineClient]? = try (0..<40).map { _ in try LineClient(path: daemon.socket) }
            for subscriber in silent ?? [] { try subscriber.send(#"{"type":"subscribe","all_clients":true}"#) }
            let text = String(repeating: "Flood. ", count: 430)
            let limited = Mutex(0)
            let group = DispatchGroup()
            for _ in 0..<20 {
                let flooder = try Client(socket: daemon.socket, subscribe: false)
                let box = UncheckedFlooder(client: flooder)
                DispatchQueue.global().async(group: group) {
                    _ = try? box.client.request(#"{"type":"pause"}"#)
                    for _ in 0..<300 {
                        if (try? box.client.request(#"{"type":"say","text":"\#(text)","priority":"high"}"#)) == nil {
                            limited.withLock { $0 += 1 }
                        }
                    }
                }
            }
            var latencies: [Double] = []
            for index in 0..<count {
                let line =
                    index % 20 == 17
                    ? #"{"type":"collision","lives":2}"# : #"{"type":"score_changed","score":\#(index)}"#
                let (_, written, answered) = try game.request(line)
                latencies.append((answered - written).milliseconds)
            }
            group.wait()
            let peak = ProcessMemory.peakKiB(of: daemon.pid)
            let during = ProcessMemory.residentKiB(of: daemon.pid)
            silent = nil
            // The flooders' connections close as their clients are released with the queue's blocks.
            var clients = 0
            repeat {
                clients = Int(try game.request(#"{"type":"status"}"#).reply.statusClients ?? 0)
            } while clients > 1
            let after = ProcessMemory.residentKiB(of: daemon.pid)
            let afterAnonymous = ProcessMemory.anonymousKiB(of: daemon.pid)
            print(
                "narrator serve RSS: at rest \(rest) KiB, after the flood \(during) KiB, peak (VmHWM) \(peak) KiB, "
                    + "once the hostile clients left \(after) KiB")
            print(
                "of which anonymous (heap, stacks): at rest \(restAnonymous) KiB, once they left \(afterAnonymous) KiB")
            // What the flooders queued is still said after they leave (their pauses end with them):
            // cancelled, the memory that speech held shows.
            _ = try game.request(#"{"type":"cancel","all_clients":true}"#)
            _ = try game.request(#"{"type":"status"}"#)
            print(
                "once their speech was cancelled: RSS \(ProcessMemory.residentKiB(of: daemon.pid)) KiB, "
                    + "anonymous \(ProcessMemory.anonymousKiB(of: daemon.pid)) KiB")
            print("flood requests refused (limit): \(limited.withLock { $0 }) of 6000")
            print("the game's \(count) events, written -> reply read: \(Distribution(latencies).millisecondsSummary())")
        }

        private struct UncheckedFlooder: @unchecked Sendable {
            let client: Client
        }
    }
}

extension Reply {
    /// The number of connected clients, for a status reply.
    var statusClients: Int? {
        if case .status(let status) = self { return status.clients }
        return nil
    }
}
