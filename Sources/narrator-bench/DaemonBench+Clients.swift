import Dispatch
import NarratorClient
import NarratorSystem
import Synchronization

extension DaemonBench {
    /// `daemon clients`: many games at once against a spawned `narrator serve` (null sink), each
    /// sending as fast as it reads its replies: write one event, read its reply, write the next. The
    /// event loop is near saturation, so the reply distribution shows how much work each event costs.
    ///
    /// With `--against OLD`, the same load runs on the binary OLD and on this build's narrator in
    /// turn, `rounds` times, so a before/after pair is measured in one run on the same machine state.
    struct Clients {
        let clients: Int
        let count: Int
        let rounds: Int
        let binary: String?
        let against: String?

        func run() throws {
            var builds: [(String, String?)] = [("this build", binary)]
            if let against { builds.insert(("against \(against)", against), at: 0) }
            for round in 1...rounds {
                for (name, path) in builds {
                    let daemon = try SpawnedDaemon(binary: path)
                    daemon.drainLog()
                    defer { daemon.stop() }
                    let result = try Self.load(clients: clients, each: count, socket: daemon.socket)
                    let seconds = result.elapsed.milliseconds / 1000
                    print(
                        "round \(round), \(name): \(clients) clients x \(count) events: replies \(result.latencies.count) "
                            + "of \(clients * count), \(result.refused) not ok; \(Int(Double(result.latencies.count) / seconds)) "
                            + "events/s")
                    print("  event written -> reply read: \(Distribution(result.latencies).millisecondsSummary())")
                }
            }
        }

        struct Result: Sendable {
            var latencies: [Double] = []
            var refused = 0
            var elapsed = Duration.zero
        }

        /// One thread per client; all connect first, then start together.
        static func load(clients: Int, each count: Int, socket: String) throws -> Result {
            let connections = try (0..<clients).map { _ in try LineClient(path: socket) }
            let result = Mutex(Result())
            let failure = Mutex<String?>(nil)
            let start = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            for (index, connection) in connections.enumerated() {
                let connection = UncheckedConnection(client: connection)
                done.enter()
                OSThread.start(name: "bench-client-\(index)") {
                    defer { done.leave() }
                    start.wait()
                    var latencies: [Double] = []
                    latencies.reserveCapacity(count)
                    var refused = 0
                    do {
                        for event in 0..<count {
                            let line = Streamer.event(index * count + event)
                            let written = ContinuousClock.now
                            try connection.client.send(line)
                            guard let reply = try connection.client.readLine() else {
                                throw BenchFailure("the daemon closed a connection")
                            }
                            latencies.append((ContinuousClock.now - written).milliseconds)
                            if !reply.hasPrefix(#"{"ok":true"#) { refused += 1 }
                        }
                    } catch {
                        failure.withLock { $0 = $0 ?? "\(error)" }
                    }
                    result.withLock {
                        $0.latencies += latencies
                        $0.refused += refused
                    }
                }
            }
            let began = ContinuousClock.now
            for _ in 0..<clients { start.signal() }
            done.wait()
            if let message = failure.withLock({ $0 }) { throw BenchFailure(message) }
            var final = result.withLock { $0 }
            final.elapsed = .now - began
            return final
        }

        /// A connection used by one client thread only.
        private struct UncheckedConnection: @unchecked Sendable {
            let client: LineClient
        }
    }
}
