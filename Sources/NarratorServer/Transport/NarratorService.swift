public import Logging
import NIOCore
import NIOPosix
public import ServiceLifecycle
import Synchronization
import UnixSignals

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's listening side: a Unix socket, JSON lines in and out.
///
/// Every connection is a `ConnectionHandler` on the conductor's own event loop, which answers a
/// request in the same turn of the loop that read it; a handler's failure closes its connection
/// only. The accept loop ends on graceful shutdown and every open connection is then closed, so
/// idle clients cannot hold SIGTERM up.
public struct NarratorService: Service {
    public struct Configuration: Sendable {
        public var socketPath: String
        /// Longest request line in bytes; longer ones get an error reply and are discarded.
        public var lineLimit: Int
        /// Called once the socket listens (tests and the CLI's readiness line use it).
        public var onReady: @Sendable (String) -> Void
        /// Loads the tables and event map anew (SIGHUP); throwing keeps the current ones.
        public var reload: @Sendable () throws -> Profile

        public init(
            socketPath: String, lineLimit: Int = 64 * 1024, onReady: @escaping @Sendable (String) -> Void = { _ in },
            reload: @escaping @Sendable () throws -> Profile
        ) {
            self.socketPath = socketPath
            self.lineLimit = lineLimit
            self.onReady = onReady
            self.reload = reload
        }
    }

    let configuration: Configuration
    let conductor: Conductor
    let logger: Logger

    public init(configuration: Configuration, conductor: Conductor, logger: Logger) {
        self.configuration = configuration
        self.conductor = conductor
        self.logger = logger
    }

    public func run() async throws {
        let path = configuration.socketPath
        try SocketPath.prepare(path)
        let limit = configuration.lineLimit
        let (conductor, logger) = (conductor, logger)
        let open = OpenConnections()
        let gate = ConductorGate(eventLoop: conductor.eventLoop)
        // Every connection lives on the conductor's event loop (see ConnectionHandler).
        let server = try await SocketPath.bindPrivately(path) {
            try await ServerBootstrap(group: conductor.eventLoop)
                .childChannelOption(.allowRemoteHalfClosure, value: true)
                .bind(unixDomainSocketPath: path) { channel in
                    channel.eventLoop.makeCompletedFuture { () -> any Channel in
                        try channel.pipeline.syncOperations.addHandler(
                            ConnectionHandler(conductor: conductor, gate: gate, lineLimit: limit, logger: logger))
                        open.insert(channel)
                        return channel
                    }
                }
        }
        defer { unlink(path) }
        // SIGHUP is trapped before readiness is announced: until then it would end the process.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        logger.info("Listening", metadata: ["socket": "\(path)"])
        configuration.onReady(path)

        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await conductor.run() }
            group.addTask { await reloadOnHangup(hangups) }
            try await server.executeThenClose { connections in
                // Accepting goes on while this sequence is consumed; each connection is already
                // served by its handler.
                for try await _ in connections.cancelOnGracefulShutdown() {}
            }
            logger.info("Shutting down: stopping speech and closing clients")
            await open.closeAll()
            await conductor.shutdown()
            group.cancelAll()
        }
    }

    /// SIGHUP reloads tables and event map at once; a broken file keeps the old ones.
    private func reloadOnHangup(_ hangups: UnixSignalsSequence) async {
        for await _ in hangups.cancelOnGracefulShutdown() {
            do {
                await conductor.reload(try configuration.reload())
            } catch {
                logger.error("Reload failed, keeping the tables and event map in use: \(error)")
            }
        }
    }
}

/// The connections open now, so shutdown can close them (idle clients must not hold it up).
final class OpenConnections: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    func insert(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { _ in self.channels.withLock { _ = $0.removeValue(forKey: key) } }
    }

    func closeAll() async {
        for channel in channels.withLock({ Array($0.values) }) {
            try? await channel.close()
        }
    }
}

extension NarratorService {
    /// Gives the daemon's process one thread for all its I/O and tasks, before anything else
    /// runs: NIO's singleton event-loop group gets one thread instead of one per core (a per-user
    /// daemon that answers one game needs no more, and every idle loop costs a thread, its stack
    /// and a malloc arena), and that thread becomes Swift concurrency's global executor. Without
    /// the second step every `Task` runs on libdispatch's worker pool, whose first worker starts a
    /// monitor timer that wakes the process once a second for ever, even with nothing to say.
    ///
    /// Call once, from the main thread, before the first `Task` or nonisolated `async` call.
    public static func takeOverProcessThreads() {
        NIOSingletons.groupLoopCountSuggestion = 1
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
